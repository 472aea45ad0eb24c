package ntuple

import (
	"bytes"
	"errors"
	"fmt"
	"math"
)

// ShiftPlay returns the play file play, of one network, with every value
// the network gives raised by points (lowered if points is negative): the
// shift that makes a stage meet the stage before it (see MeasureSeam and
// Seam.Gap). A value sums one weight of each tuple for each symmetry, so
// each tuple's base rises by points over their number; the codes are
// copied as they are. It checks play through first (see CheckPlay), and
// refuses a play file of stages: each stage is shifted before the stages
// are put together (see WriteStagedPlay).
func ShiftPlay(play []byte, points float64) ([]byte, error) {
	if math.IsNaN(points) || math.IsInf(points, 0) {
		return nil, fmt.Errorf("a shift of %g points: want a number", points)
	}
	f := newFileReader(bytes.NewReader(play))
	version, fields, err := f.playHeader()
	if err != nil {
		return nil, err
	}
	if version != playVersion {
		return nil, errShiftStaged
	}
	p, err := parsePlayHeader(fields)
	if err != nil {
		return nil, err
	}
	if err := f.playCodes(p, nil); err != nil {
		return nil, err
	}
	each := points / float64(len(p.z)*NumSymmetries)
	largest := 0.0 // the largest value the network may give, in size
	for t := range p.z {
		z := &p.z[t]
		z.base = float32(float64(z.base) + each)
		largest += NumSymmetries * max(math.Abs(float64(z.base)), math.Abs(float64(z.base)+float64(z.step)*maxCode))
	}
	if largest > math.MaxFloat32 {
		return nil, fmt.Errorf("a shift of %g points takes the network's values past the range of a float", points)
	}
	// The codes follow the header, its length and its checksum; the file
	// ends with theirs.
	codes := play[len(playMagic)+8+len(fields)+4 : len(play)-4]
	streams := make([][]byte, len(p.lengths))
	for t, n := range p.lengths {
		streams[t], codes = codes[:n], codes[n:]
	}
	var b bytes.Buffer
	if _, err := writePlay(&b, p.encode(), streams); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// errShiftStaged is the error of shifting a play file of stages.
var errShiftStaged = errors.New("a play file of stages: shift each stage's play file before the stages are put together")
