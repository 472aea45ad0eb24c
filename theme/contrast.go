package theme

// contrast returns a palette for players with any colour vision, and for
// greyscale screens: the tiles alternate between light (2, 8, 32, ...) and
// dark (4, 16, 64, ...), so that neighbouring ranks always differ in
// lightness, not only in hue, and every number is black on a light tile or
// white on a dark one. The hues — white, yellow, sky blue, amber, cyan,
// orange, lilac and green on the light side; navy, indigo, maroon, teal,
// plum, brown and blue on the dark — tell apart tiles two ranks apart for
// those who see them.
func contrast() Theme {
	return Theme{
		Name:        "contrast",
		Description: "high contrast, safe for colour-blind players",
		spec: spec{
			tiles: [16]tile{
				{fg: shade{15, 250, 0xbdbdbd}, bg: shade{8, 238, 0x474747}}, // empty
				number(shade{0, 16, 0x000000}, shade{15, 231, 0xf9f6f1}),    // 2
				number(shade{15, 231, 0xffffff}, shade{4, 17, 0x002f57}),    // 4
				number(shade{0, 16, 0x000000}, shade{11, 222, 0xfbe58e}),    // 8
				number(shade{15, 231, 0xffffff}, shade{5, 54, 0x332e62}),    // 16
				number(shade{0, 16, 0x000000}, shade{14, 117, 0x86e1ff}),    // 32
				number(shade{15, 231, 0xffffff}, shade{1, 88, 0x712221}),    // 64
				number(shade{0, 16, 0x000000}, shade{10, 215, 0xfeb958}),    // 128
				number(shade{11, 231, 0xffffff}, shade{4, 23, 0x005164}),    // 256
				number(shade{0, 16, 0x000000}, shade{7, 80, 0x4dcace}),      // 512
				number(shade{11, 231, 0xffffff}, shade{5, 96, 0x763a70}),    // 1024
				number(shade{4, 16, 0x000000}, shade{15, 209, 0xf59b5a}),    // 2048
				number(shade{11, 231, 0xffffff}, shade{1, 94, 0x844c21}),    // 4096
				number(shade{1, 16, 0x000000}, shade{11, 183, 0xc794d4}),    // 8192
				number(shade{14, 231, 0xffffff}, shade{4, 25, 0x006b99}),    // 16384
				number(shade{4, 16, 0x000000}, shade{14, 108, 0x72a780}),    // 32768
			},
			board:     shade{0, 16, 0x000000},
			highlight: shade{11, 226, 0xffff00},
			onDark: surround{
				text:   shade{termDefault, 231, 0xffffff},
				muted:  shade{7, 250, 0xbcbcbc},
				accent: shade{11, 227, 0xf0e442},
				good:   shade{14, 117, 0x56b4e9},
				bad:    shade{9, 208, 0xff8c42},
				bar:    shade{15, 255, 0xe0e0e0},
			},
			onLight: surround{
				text:   shade{termDefault, 16, 0x000000},
				muted:  shade{8, 240, 0x4d4d4d},
				accent: shade{5, 90, 0x6a3d9a},
				good:   shade{4, 25, 0x0062a0},
				bad:    shade{1, 130, 0xa63d00},
				bar:    shade{0, 16, 0x000000},
			},
		},
	}
}
