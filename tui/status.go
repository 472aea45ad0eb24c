package tui

import (
	"charm.land/lipgloss/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// This file draws the status line, which stands for the panel in a layout
// with no room for it: one line under the board, of the game or of the
// replay.

// statusLine draws the game's status line in width columns: the score and
// the coach's mark on the left, and on the right what the hint's part of
// the panel would say (see statusHint). The score's label goes first when
// the two do not fit.
func (ps *playScreen) statusLine(m *Model, width int) string {
	score := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(figures.Count(m.cur.Game.Score())) + m.coach.markText(m, false)
	return m.look.statusOf("SCORE ", score, ps.statusHint(m), width)
}

// statusOf draws label and value on the left of a line width columns wide
// and right on the right, the label dropped if they do not fit, right cut
// if they still do not.
func (l *look) statusOf(label, value, right string, width int) string {
	left := l.muted(label) + value
	if lipgloss.Width(left)+1+lipgloss.Width(right) > width {
		left = value
	}
	return besideRight(left, right, width)
}

// statusHint says in a few columns what the AI is doing or says: that it
// thinks, the hinted move (hintWord), that it plays, or which key asks it.
func (ps *playScreen) statusHint(m *Model) string {
	auto := ""
	if m.ai.autoplay {
		auto = m.look.muted("AUTO ")
	}
	switch {
	case ps.asking.leaving(): // the question is the matter now
		return ""
	case m.ai.thinking != idle:
		return auto + m.ai.spin.View() + m.look.muted(" thinking")
	case m.ai.hint != nil && m.ai.hint.HasMove():
		return auto + ps.hintWord(m, *m.ai.hint)
	case m.ai.hint != nil || !m.cur.Game.Board().HasMove():
		return m.look.muted("no move left")
	case m.ai.autoplay && m.ai.played != nil:
		return auto + ps.hintWord(m, *m.ai.played)
	case m.ai.autoplay:
		return auto
	}
	return m.look.muted(settings.FirstKey(m.keys.Hint) + " hint")
}

// hintWord draws the AI's move in r as its arrow and the word of its
// rating, as the hint's bars name it (review.Rating.Word): "→ best", or
// "→ only move" where no other move is legal.
func (ps *playScreen) hintWord(m *Model, r ai.Result) string {
	rating := review.Rate(r)[r.Best]
	return m.look.accent(arrowOf(r.Best)) + " " + m.look.verdictStyle(rating.Verdict).Render(rating.Word())
}

// replayStatus draws the replay's status line in width columns: the
// position on the left, and on the right the move played there, as the
// hollow arrow that marks it on the board, and its verdict once the review
// has come to it.
func (v *replayView) replayStatus(m *Model, width int) string {
	position := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(v.positionText(true))
	played, mv, ok := v.current()
	var right string
	switch {
	case !ok:
		right = m.look.muted("the end")
	case mv == nil:
		right = m.look.muted(hollowArrows[played] + " reviewing…")
	default:
		right = m.look.verdictStyle(mv.Verdict).Render(hollowArrows[played] + " " + mv.Verdict.String())
	}
	return m.look.statusOf("MOVE ", position, right, width)
}
