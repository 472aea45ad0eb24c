package ntuple

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/term2048/2048/engine"
)

// # The play file of a network of stages
//
// A network of stages (see Staged) is played from one file that holds the
// play file of each stage, whole, after a header that says from which tile
// each stage values boards:
//
//	offset  size  field
//	0       8     magic "2048play"
//	8       4     format version, 2
//	12      4     H, the length of the fields that follow
//	16      1     S, the number of stages, 2 to MaxStages
//	              then for each stage:
//	        1       the rank of the tile from which it values boards
//	                (0 for the first; 14 for 16384)
//	        8       L, the length of its play file
//	16+H    4     CRC-32C (Castagnoli) of every byte before it
//	20+H          each stage's play file of version 1, L bytes, in turn
//	end−4   4     CRC-32C of every byte from offset 20+H to end−4
//
// Each stage's file keeps its own checksums, so a stage is copied into the
// file as it is, byte for byte, and reads as a play file of its own.

// stagedVersion is the version of the play file of a network of stages.
const stagedVersion = 2

// A PlayStage is one stage of a play file of a network of stages: the play
// file of its network (see Checkpoint.WritePlay) and the tile from which it
// values boards, as in Stage.
type PlayStage struct {
	Play []byte
	Tile int
}

// WriteStagedPlay writes the play file of a network of stages, each stage
// the play file of one network, whole, and the tile from which it values
// boards, as Staged takes them. It checks each stage's play file through
// (see CheckPlay) and writes nothing if one is damaged, is itself of
// stages, or is of another design than the first, or if the tiles are not
// as Staged wants them. It returns the bytes written and the first error of w.
func WriteStagedPlay(w io.Writer, stages []PlayStage) (int64, error) {
	tiles := make([]int, len(stages))
	for i, s := range stages {
		tiles[i] = s.Tile
	}
	ranks, err := stageRanks(tiles)
	if err != nil {
		return 0, err
	}
	h := []byte{byte(len(stages))}
	var design Design
	for i, s := range stages {
		info, err := checkPlayOf(newFileReader(bytes.NewReader(s.Play)), false)
		if err != nil {
			return 0, fmt.Errorf("stage %d: %w", i+1, err)
		}
		if i == 0 {
			design = info.Design
		} else if info.Design != design {
			return 0, fmt.Errorf("stage %d is a %v network, stage 1 a %v one: the stages of a network share its design", i+1, info.Design, design)
		}
		h = append(h, ranks[i])
		h = binary.LittleEndian.AppendUint64(h, uint64(len(s.Play)))
	}
	return writeSealed(w, playMagic, stagedVersion, h, func(body io.Writer) error {
		for _, s := range stages {
			body.Write(s.Play) // the first error of w is counted by writeSealed
		}
		return nil
	})
}

// stageRanks returns the ranks of the tiles from which each stage values
// boards, if they are as Staged wants them.
func stageRanks(tiles []int) ([]uint8, error) {
	if len(tiles) < 2 || len(tiles) > MaxStages {
		return nil, fmt.Errorf("%d stages: want 2 to %d", len(tiles), MaxStages)
	}
	ranks := make([]uint8, len(tiles))
	for i, tile := range tiles {
		rank, ok := engine.RankOf(tile)
		switch {
		case i == 0 && tile != 0:
			return nil, fmt.Errorf("the first stage values boards from tile %d: it must value every board (tile 0)", tile)
		case i > 0 && (!ok || rank < 2):
			return nil, fmt.Errorf("stage %d begins at %d: want a tile from 4 to 32768", i+1, tile)
		case i > 0 && rank <= ranks[i-1]:
			return nil, fmt.Errorf("stage %d begins at %d, no later than stage %d: stages go from small tiles to large", i+1, tile, i)
		}
		ranks[i] = rank
	}
	return ranks, nil
}

// errNestedStages is the error of a stage whose play file is of stages
// itself.
var errNestedStages = formatErrorf("damaged: a play file of stages within a play file of stages")

// stagedFields are the fields of the header of a play file of stages.
type stagedFields struct {
	ranks   []uint8
	lengths []uint64
}

// parseStagedHeader decodes the header's fields, whose checksum has been
// checked.
func parseStagedHeader(h []byte) (*stagedFields, error) {
	p := &fieldParser{b: h}
	f := &stagedFields{}
	n := int(p.byte())
	for range n {
		f.ranks = append(f.ranks, p.byte())
		f.lengths = append(f.lengths, p.uint64())
	}
	if p.err == nil && len(p.b) != 0 {
		p.err = formatErrorf("damaged: %d bytes left over in the header", len(p.b))
	}
	if p.err != nil {
		return nil, p.err
	}
	tiles := make([]int, n)
	for i, r := range f.ranks {
		tiles[i] = engine.TileValue(r) // 0 past 2^63: refused below
		if f.lengths[i] > maxStagePlay {
			return nil, formatErrorf("damaged: stage %d has a play file of %d bytes", i+1, f.lengths[i])
		}
	}
	if _, err := stageRanks(tiles); err != nil {
		return nil, formatErrorf("damaged: %v", err)
	}
	return f, nil
}

// maxStagePlay bounds the length of a stage's play file: the header and the
// codes of 8 tuples, none compressed.
const maxStagePlay = maxHeader + 64 + maxTuples*maxStream

// eachStage reads the play file of each stage of the header fields, each
// with read, then the file's last checksum and end. It stops at the first
// error.
func (f *fileReader) eachStage(fields []byte, read func(i int, stage *fileReader) error) (*stagedFields, error) {
	h, err := parseStagedHeader(fields)
	if err != nil {
		return nil, err
	}
	f.crc.Reset()
	for i, n := range h.lengths {
		s := f.section(int(n))
		if err := read(i, newFileReader(s)); err != nil {
			var fe *FormatError
			if errors.As(err, &fe) {
				return nil, formatErrorf("stage %d: %s", i+1, fe.Problem)
			}
			return nil, fmt.Errorf("stage %d: %w", i+1, err)
		}
		if err := s.rest(); err != nil {
			return nil, f.readError(err, "stages")
		}
	}
	if err := f.checksum("stages"); err != nil {
		return nil, err
	}
	return h, f.atEnd()
}

// readStaged reads the rest of a play file of stages whose header fields
// are fields.
func (f *fileReader) readStaged(fields []byte) (*Network, State, error) {
	var stages []Stage
	var state State
	release := func() {
		for _, s := range stages {
			s.Net.Release()
		}
	}
	h, err := f.eachStage(fields, func(_ int, stage *fileReader) error {
		net, st, err := readOnePlay(stage)
		if err != nil {
			return err
		}
		stages = append(stages, Stage{Net: net})
		state = addCounts(state, st)
		return nil
	})
	if err != nil {
		release()
		return nil, State{}, err
	}
	for i, r := range h.ranks {
		stages[i].Tile = engine.TileValue(r)
	}
	n, err := Staged(stages)
	if err != nil {
		release()
		return nil, State{}, formatErrorf("damaged: %v", err)
	}
	return n, state, nil
}

// checkStaged checks the rest of a play file of stages whose header fields
// are fields, as CheckPlay does.
func (f *fileReader) checkStaged(fields []byte) (PlayInfo, error) {
	var info PlayInfo
	h, err := f.eachStage(fields, func(i int, stage *fileReader) error {
		one, err := checkPlayOf(stage, false)
		if err != nil {
			return err
		}
		if i == 0 {
			info.Design = one.Design
		} else if one.Design != info.Design {
			return formatErrorf("a %v network, stage 1 a %v one", one.Design, info.Design)
		}
		info.State = addCounts(info.State, one.State)
		return nil
	})
	if err != nil {
		return PlayInfo{}, err
	}
	for _, r := range h.ranks {
		info.StageTiles = append(info.StageTiles, engine.TileValue(r))
	}
	return info, nil
}

// readOnePlay reads the play file of one network from f, which begins with
// its magic.
func readOnePlay(f *fileReader) (*Network, State, error) {
	version, fields, err := f.playHeader()
	if err != nil {
		return nil, State{}, err
	}
	if version != playVersion {
		return nil, State{}, errNestedStages
	}
	return f.readPlayBody(fields)
}

// addCounts returns the counts of training of a and b added up: those of a
// network of stages are its stages' together.
func addCounts(a, b State) State {
	a.Episodes += b.Episodes
	a.Moves += b.Moves
	a.Elapsed += b.Elapsed
	return a
}

// A Playable is a network read to be written as a play file, a stage of
// WriteStagedPlay: a play file as it is, or the network of a weights file.
type Playable struct {
	// State is the state of the network's training, as its file holds it:
	// only the counts of episodes, moves and time for a play file.
	State State
	// StageTiles holds the tile from which each stage of a network of
	// stages values boards, as PlayInfo's: nil for a network of one.
	StageTiles []int
	play       []byte      // a play file, checked through
	c          *Checkpoint // or a weights file's network and its coherence tables
}

// ReadPlayable reads the network r holds, a play file (checked through, see
// CheckPlay) or a weights file, to be written as a play file by Play. Its
// State tells what it is before any work is spent on writing it.
func ReadPlayable(r io.Reader) (*Playable, error) {
	fr := newFileReader(r)
	if start, _ := fr.r.Peek(len(playMagic)); string(start) == playMagic {
		b, err := io.ReadAll(fr.r)
		if err != nil {
			return nil, err
		}
		info, err := CheckPlay(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		return &Playable{State: info.State, StageTiles: info.StageTiles, play: b}, nil
	}
	c, err := fr.read(true)
	if err != nil {
		return nil, err
	}
	return &Playable{State: c.State, c: c}, nil
}

// Play returns the play file of p: a play file as it is, or the network of
// a weights file written with step and tiers (see Checkpoint.WritePlay),
// whose memory it then gives back: it is called once.
func (p *Playable) Play(step float32, tiers Tiers) ([]byte, error) {
	if p.c == nil {
		return p.play, nil
	}
	defer p.Release()
	var b bytes.Buffer
	if _, err := p.c.WritePlay(&b, step, tiers); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Release gives back at once the memory of the network of a weights file
// that p holds (see Checkpoint.Release), for a Playable that is not to be
// played: Play gives it back itself. Nothing may use p afterwards; calls
// after the first, or after Play, do nothing.
func (p *Playable) Release() {
	if p.c != nil {
		p.c.Release()
	}
}
