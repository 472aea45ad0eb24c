//go:build !unix

package playerdata

var unixOnlyUnreadable []unreadableCase
