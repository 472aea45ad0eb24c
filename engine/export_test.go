package engine

// The loops of BenchmarkInlined, which must live in the package to inline
// its unexported moves: each XORs together one move of every board of bs.

func SlideAllUp(bs []Board) (s Board) {
	for _, x := range bs {
		s ^= x.slideUp()
	}
	return s
}

func SlideAllDown(bs []Board) (s Board) {
	for _, x := range bs {
		s ^= x.slideDown()
	}
	return s
}

func SlideAllLeft(bs []Board) (s Board) {
	for _, x := range bs {
		s ^= x.slideLeft()
	}
	return s
}

func SlideAllRight(bs []Board) (s Board) {
	for _, x := range bs {
		s ^= x.slideRight()
	}
	return s
}
