//go:build !unix

package tui

var unixOnlyUnreadable []unreadableCase
