package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/tui/practice"
)

// The practice (package practice) is kept beside the game by a
// practice.Keeper, m.drill: the player's deck, the games scanned for
// puzzles in the background, the screen's session. This file runs its
// jobs as commands and hands it their messages; the screen is
// practiceView's.

// jobs returns the commands that run jobs.
func jobs(js ...practice.Job) tea.Cmd {
	var cmds []tea.Cmd
	for _, j := range js {
		if j != nil {
			cmds = append(cmds, func() tea.Msg { return j() })
		}
	}
	return tea.Batch(cmds...)
}

// onPracticeMsg hands the keeper the answer of one of its jobs.
func onPracticeMsg(m *Model, msg tea.Msg) tea.Cmd {
	js, warning := m.drill.Handle(msg, practice.Played{Games: m.past.games, Left: m.past.whole}, m.now())
	if warning != "" {
		m.warn(warning)
	}
	return jobs(js...)
}

// openPractice opens the practice's screen.
func openPractice(m *Model) tea.Cmd {
	js := m.drill.Open(practice.Played{Games: m.past.games, Left: m.past.whole}, m.now())
	m.screens.open(&practiceView{})
	return jobs(js...)
}
