package theme

// dark returns a low-glare palette for dark terminals: tiles of middling
// lightness (CIE L* 32 to 50) under light numbers, on a board darker than any
// of them. The hue turns from cool to warm as the tiles grow — slate, blue,
// teal, green, olive, gold, amber, orange, red — and on to crimson, magenta
// and violet beyond 2048. Lightness climbs from the 2 to the 256, holds to
// the 1024 and falls back beyond 2048.
func dark() Theme {
	return Theme{
		Name:        "dark",
		Description: "low glare for dark terminals, cool to warm",
		spec: spec{
			tiles: [16]tile{
				{fg: shade{15, 250, 0x8a919c}, bg: shade{8, 236, 0x2d333a}}, // empty
				number(shade{15, 231, 0xeceff4}, shade{4, 60, 0x364e60}),    // 2
				number(shade{0, 231, 0xeceff4}, shade{6, 24, 0x00597f}),     // 4
				number(shade{0, 231, 0xeceff4}, shade{14, 30, 0x006875}),    // 8
				number(shade{0, 231, 0xeceff4}, shade{2, 29, 0x08705d}),     // 16
				number(shade{0, 231, 0xeceff4}, shade{10, 65, 0x3c7749}),    // 32
				number(shade{0, 231, 0xeceff4}, shade{3, 64, 0x5a7932}),     // 64
				number(shade{0, 231, 0xeceff4}, shade{11, 100, 0x787823}),   // 128
				number(shade{15, 231, 0xeceff4}, shade{9, 136, 0x92731a}),   // 256
				number(shade{15, 231, 0xeceff4}, shade{1, 130, 0xa9681c}),   // 512
				number(shade{0, 231, 0xeceff4}, shade{13, 166, 0xbc5b29}),   // 1024
				number(shade{15, 231, 0xeceff4}, shade{5, 167, 0xc34a36}),   // 2048
				number(shade{11, 231, 0xeceff4}, shade{4, 124, 0xc13e49}),   // 4096
				number(shade{0, 231, 0xeceff4}, shade{15, 125, 0xb43660}),   // 8192
				number(shade{0, 231, 0xeceff4}, shade{7, 89, 0x993a7b}),     // 16384
				number(shade{11, 231, 0xeceff4}, shade{1, 97, 0x6b468f}),    // 32768
			},
			board:     shade{0, 234, 0x212428},
			highlight: shade{11, 222, 0xf0c674},
			onDark: surround{
				text:   shade{termDefault, 252, 0xd8dee9},
				muted:  shade{8, 245, 0x8a919c},
				accent: shade{14, 116, 0x88c0d0},
				good:   shade{10, 150, 0xa3be8c},
				bad:    shade{9, 174, 0xe06c75},
				bar:    shade{12, 75, 0x61afef},
			},
			onLight: surround{
				text:   shade{termDefault, 236, 0x2e3440},
				muted:  shade{8, 243, 0x5c6370},
				accent: shade{4, 24, 0x2e6b8a},
				good:   shade{4, 28, 0x3b7a3b},
				bad:    shade{1, 124, 0xb3343f},
				bar:    shade{4, 25, 0x2f6fb0},
			},
		},
	}
}
