package theme

// classic returns the palette of the original web game by Gabriele Cirulli,
// changed where the original does not survive a terminal:
//
//   - Numbers are dark (#3c3a32, the original's colour for tiles beyond
//     2048) on the tiles 8 to 32 and 128 to 2048, where the original's light
//     #f9f6f2 has a contrast of 1.4 to 2.4, too little for one cell of text.
//     The 2 and 4 keep the original #776e65; the 64 keeps light numbers on a
//     red darkened from #f65e3b to #f25738 to reach a contrast of 3.
//   - Neighbours differ by a CIE76 ΔE of 10 or more. In the original the 2
//     and the 4 differ by 7.5, and the yellows 128 to 2048 (#edcf72, #edcc61,
//     #edc850, #edc53f, #edc22e) by 5 to 7. So the 4 moves from #ede0c8 to
//     #f1dbbb, and the yellows are spread from a pale #f3e59d to a deep
//     #f2b200 keeping their order, paler to more saturated.
//   - The original has one colour for every tile beyond 2048; here 4096 to
//     32768 are four dark colours: the original #3c3a32, plum, teal and
//     night blue.
//
// At 256 colours the tiles use the nearest cube colours that keep neighbours
// apart. 16 colours hold two yellows, and the dark one takes only a black
// number in every common set of them, so the 8 has it. No two tiles may
// look alike, and no two within two doublings may share a background, so
// the tiles 128 to 2048 take turns on bright yellow, bright red (orange in
// most terminals) and bright white: 128 grey on yellow, 256 black on red,
// 512 red on white, 1024 magenta on yellow, 2048 yellow on red. The 8192
// has a yellow number on the 64's magenta.
func classic() Theme {
	return Theme{
		Name:        "classic",
		Description: "the colours of the original game",
		spec: spec{
			tiles: [16]tile{
				{fg: shade{0, 241, 0x6b6259}, bg: shade{7, 251, 0xcdc1b4}}, // empty
				number(shade{0, 243, 0x776e65}, shade{15, 255, 0xeee4da}),  // 2
				number(shade{0, 243, 0x776e65}, shade{11, 223, 0xf1dbbb}),  // 4
				number(shade{0, 237, 0x3c3a32}, shade{3, 215, 0xf2b179}),   // 8
				number(shade{15, 237, 0x3c3a32}, shade{9, 209, 0xf59563}),  // 16
				number(shade{15, 237, 0x3c3a32}, shade{1, 203, 0xf67c5f}),  // 32
				number(shade{15, 231, 0xf9f6f2}, shade{5, 160, 0xf25738}),  // 64
				number(shade{8, 237, 0x3c3a32}, shade{11, 229, 0xf3e59d}),  // 128
				number(shade{0, 237, 0x3c3a32}, shade{9, 222, 0xf4da7c}),   // 256
				number(shade{1, 237, 0x3c3a32}, shade{15, 221, 0xf4cf5b}),  // 512
				number(shade{5, 237, 0x3c3a32}, shade{11, 178, 0xf3c235}),  // 1024
				number(shade{11, 237, 0x3c3a32}, shade{9, 214, 0xf2b200}),  // 2048
				number(shade{15, 231, 0xf9f6f2}, shade{0, 237, 0x3c3a32}),  // 4096
				number(shade{11, 231, 0xf9f6f2}, shade{5, 96, 0x5a3d56}),   // 8192
				number(shade{15, 231, 0xf9f6f2}, shade{4, 23, 0x1b494a}),   // 16384
				number(shade{11, 231, 0xf9f6f2}, shade{0, 234, 0x1b2431}),  // 32768
			},
			board:     shade{8, 248, 0xbbada0},
			highlight: shade{15, 237, 0x3c3a32},
			onDark: surround{
				text:   shade{termDefault, 255, 0xf9f6f2},
				muted:  shade{8, 246, 0xa39a91},
				accent: shade{11, 215, 0xf2b179},
				good:   shade{10, 220, 0xf3c235},
				bad:    shade{9, 203, 0xf65e3b},
				bar:    shade{3, 209, 0xf59563},
			},
			onLight: surround{
				text:   shade{termDefault, 242, 0x776e65},
				muted:  shade{8, 244, 0x8a8076},
				accent: shade{5, 166, 0xc0601e},
				good:   shade{4, 136, 0x9a7400},
				bad:    shade{1, 160, 0xc0392b},
				bar:    shade{4, 166, 0xc0601e},
			},
		},
	}
}
