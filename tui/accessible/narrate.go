package accessible

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/figures"
)

// narrate says what changed in the game since the player last heard it,
// in the order a player wants it: what went wrong, the move or the new
// game, the game's note, its question, and the AI's news.
func (f *front) narrate(byKey bool) {
	st := f.s.State()
	now, before := heardOf(st), f.last
	f.last = now
	lines := troubleLines(now, before)
	if now.practice != nil || before.practice != nil {
		f.out.say(append(lines, f.practiceLines(st, now, before)...)...)
		return
	}
	game, noteSaid := f.gameLines(st, now, before)
	lines = append(lines, game...)
	if now.note != "" && !noteSaid && (byKey || now.note != before.note) {
		lines = append(lines, now.note)
	}
	switch {
	case now.question != before.question && now.question != tui.NoQuestion:
		lines = append(lines, f.questionLine(now.question))
	case before.question == tui.WonKeepGoing && now.question == tui.NoQuestion && now.moves == before.moves:
		lines = append(lines, "You play on.")
	}
	if now.banner != before.banner && len(st.Banner) > 0 {
		lines = append(lines, st.Banner...)
	}
	lines = append(lines, f.aiLines(st, now, before)...)
	if now.over && (!before.over || now.id != before.id) {
		lines = append(lines, f.overLines(st)...)
	}
	f.out.say(lines...)
}

// troubleLines says what went wrong since before: the warnings that came,
// and a game that could not be saved, or saved again.
func troubleLines(now, before heard) []string {
	lines := newWarnings(before.warnings, now.warnings)
	switch {
	case now.unsaved != "" && now.unsaved != before.unsaved:
		lines = append(lines, "Not saved, play goes on: "+now.unsaved)
	case now.unsaved == "" && before.unsaved != "":
		lines = append(lines, "Saved again.")
	}
	return lines
}

// gameLines says what became of the game: another game (after its note,
// which noteSaid reports said), a move, or a move taken back.
func (f *front) gameLines(st tui.State, now, before heard) (lines []string, noteSaid bool) {
	switch {
	case now.id != before.id:
		if now.note != "" {
			lines, noteSaid = append(lines, now.note), true
		}
		return append(lines, f.whole(st)...), noteSaid
	case now.moves == before.moves+1:
		return f.moveLines(st, before), false
	case now.moves < before.moves:
		return append([]string{"Move taken back."}, f.whole(st)...), false
	}
	return nil, false
}

// moveLines says the move just played: by the player, the move, the new
// tile, the board and the score; by autoplay, a line.
func (f *front) moveLines(st tui.State, before heard) []string {
	g := st.Game.Game
	moves := g.Moves()
	d := moves[len(moves)-1]
	tile := newTile(before.board, g.Board(), d)
	gained := g.Score() - before.score
	by := review.ByPlayer
	if ms := st.Game.Movers(); len(ms) == len(moves) {
		by = ms[len(ms)-1]
	} else if st.Autoplay {
		by = review.ByAutoplay
	}
	switch by {
	case review.ByAutoplay:
		scored := ""
		if gained > 0 {
			scored = ", scores " + figures.Count(gained)
		}
		return []string{fmt.Sprintf("AI: %s%s. %s", d, scored, tile)}
	case review.ByHint:
		return append([]string{"Played the hint, " + d.String() + ". " + tile}, f.boardAndScore(st, gained)...)
	}
	return append([]string{capital(d.String()) + ". " + tile}, f.boardAndScore(st, gained)...)
}

// boardAndScore says the board and the score, with what the last move
// added.
func (f *front) boardAndScore(st tui.State, gained int) []string {
	return append(boardLines(st.Game.Game.Board()), scoreLine(st.Game.Game.Score(), gained, st.Best))
}

// aiLines says the news of the AI: autoplay on or off, a search begun for
// the player, a hint come, a depth changed.
func (f *front) aiLines(st tui.State, now, before heard) []string {
	var lines []string
	switch {
	case now.autoplay && !before.autoplay:
		lines = append(lines, fmt.Sprintf("Autoplay on: the AI plays, a move a line. Press any key to stop it, %s or %s to set its pace.",
			keyName(f.keys.Slower), keyName(f.keys.Faster)))
	case !now.autoplay && before.autoplay:
		if now.note == "" {
			lines = append(lines, "Autoplay off.")
		}
		lines = append(lines, f.whole(st)...)
	}
	if now.thinking && !before.thinking && !now.autoplay {
		lines = append(lines, "Thinking, "+figures.Quantity(now.depth, "move")+" ahead.")
	}
	if now.hint != nil && now.hint != before.hint && !now.autoplay {
		lines = append(lines, hintLines(*now.hint, st.Points)...)
		if now.hint.HasMove() {
			lines = append(lines, "Press "+keyName(f.keys.Play)+" to play it.")
		}
	}
	return lines
}

// questionLine asks the game's question q, with the keys that answer it.
func (f *front) questionLine(q tui.Question) string {
	switch q {
	case tui.ConfirmNew:
		return "Leave this game for a new one? It goes into your history. Press " + keyName(f.keys.Yes) + " for yes, any other key for no."
	case tui.ConfirmDaily:
		return "Leave this game for the daily challenge? It goes into your history. Press " + keyName(f.keys.Yes) + " for yes, any other key for no."
	case tui.WonKeepGoing:
		return "You made 2048! Press " + keyName(f.keys.KeepGoing) + " to keep going, " + keyName(f.keys.New) + " for a new game."
	}
	return ""
}

// overLines says that the game is over, how it ended and what to press.
func (f *front) overLines(st tui.State) []string {
	g := st.Game.Game
	won := "."
	if g.Won() {
		won = ", and you made 2048."
	}
	return []string{
		fmt.Sprintf("Game over: no move is left. Score %s after %s; highest tile %d%s", figures.Count(g.Score()),
			figures.Quantity(g.MoveCount(), "move"), g.HighestTile(), won),
		fmt.Sprintf("Press %s for a new game, %s to take back the last move, %s to review the game, %s to quit.",
			keyName(f.keys.New), keyName(f.keys.Undo), keyName(f.keys.Review), keyName(f.keys.Quit)),
	}
}

// keyName says the first key of b as a player hears it: "up arrow",
// "space", "n".
func keyName(b key.Binding) string {
	if len(b.Keys()) == 0 {
		return "no key"
	}
	return keyText(keyPress(b.Keys()[0]))
}

// practiceLines says what became of the practice (p): opened, the
// puzzle and its question; answered, what the practice says of the
// answer; the board of the AI's line as it plays on; closed, the game
// again.
func (f *front) practiceLines(st tui.State, now, before heard) []string {
	switch p, was := now.practice, before.practice; {
	case p == nil:
		return append([]string{"Back to your game."}, f.whole(st)...)
	case was == nil:
		lines := append([]string{"The practice: puzzles from your games. Press " + keyName(f.keys.Help) + " for its keys."}, sentences(p.lines)...)
		if p.board != 0 { // no board while it looks for puzzles
			lines = append(lines, boardLines(p.board)...)
		}
		return lines
	case !slices.Equal(p.lines, was.lines):
		lines := sentences(newLines(was.lines, p.lines))
		if p.board != was.board && p.board != 0 {
			lines = append(lines, boardLines(p.board)...)
		}
		return lines
	case p.board != was.board:
		return append([]string{"Then:"}, boardLines(p.board)...)
	}
	return nil
}

// newLines returns the lines of now after those it shares with before,
// from its start: what the practice added to what it said, or all of it
// for another puzzle.
func newLines(before, now []string) []string {
	i := 0
	for i < len(before) && i < len(now) && before[i] == now[i] {
		i++
	}
	return now[i:]
}

// sentences returns lines, each begun with a capital: the practice names
// a move by its direction ("left is a blunder").
func sentences(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = capital(l)
	}
	return out
}
