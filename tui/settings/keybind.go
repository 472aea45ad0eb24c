package settings

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/term2048/2048/tui/prefs"
)

// namedKeys are the keys the preferences file names by a word; any other
// key is a single character ("k", "K", "?", "é").
var namedKeys = []string{
	"up", "down", "left", "right", "enter", "tab", "backspace", "esc", "space",
	"home", "end", "pgup", "pgdown", "insert", "delete",
	"f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12",
}

// modifiers are the modifiers a key name may start with, in the order
// Bubble Tea writes them.
var modifiers = []string{"ctrl", "alt", "shift"}

// keyHelp says how a key is written, for the messages about a bad one.
const keyHelp = `write a character ("k", "?"), a name (up, space, enter, esc, tab, pgup, f1, …), ` +
	`or either after ctrl+, alt+ or shift+`

// parseKey returns the key written s in the preferences file as Bubble Tea
// names a key press (tea.KeyPressMsg.String), so that key.Matches finds it.
func parseKey(s string) (string, error) {
	if utf8.RuneCountInString(s) == 1 {
		r, _ := utf8.DecodeRuneInString(s)
		if r == ' ' {
			return "", fmt.Errorf(`write "space" for the space bar`)
		}
		if !unicode.IsPrint(r) {
			return "", fmt.Errorf("%q is not a key: %s", s, keyHelp)
		}
		return s, nil
	}
	parts := strings.Split(s, "+")
	if strings.HasSuffix(s, "++") { // ctrl++: the key + with a modifier
		parts = append(parts[:len(parts)-2], "+")
	}
	base, mods := parts[len(parts)-1], parts[:len(parts)-1]
	lower := strings.ToLower(base)
	if lower == "escape" {
		lower = "esc"
	}
	switch {
	case slices.Contains(namedKeys, lower):
		base = lower
	case utf8.RuneCountInString(base) == 1 && unicode.IsPrint([]rune(base)[0]) && base != " ":
	default:
		return "", fmt.Errorf("%q is not a key: %s", s, keyHelp)
	}
	out, err := parseModifiers(s, mods)
	if err != nil {
		return "", err
	}
	if slices.Equal(out, []string{"shift"}) && utf8.RuneCountInString(base) == 1 {
		return "", fmt.Errorf("write the character itself for %q (%q, say)", s, strings.ToUpper(base))
	}
	if len(out) > 0 && utf8.RuneCountInString(base) == 1 {
		base = strings.ToLower(base) // ctrl+K is ctrl+k
	}
	return strings.Join(append(out, base), "+"), nil
}

// parseModifiers reads the modifiers mods of the key s, in any case and
// order, once or more each, and returns them once each in Bubble Tea's
// order.
func parseModifiers(s string, mods []string) ([]string, error) {
	var have []string
	for _, m := range mods {
		m = strings.ToLower(m)
		if !slices.Contains(modifiers, m) {
			return nil, fmt.Errorf("%q is not a key: %q is not ctrl, alt or shift", s, m)
		}
		if !slices.Contains(have, m) {
			have = append(have, m)
		}
	}
	var out []string
	for _, m := range modifiers {
		if slices.Contains(have, m) {
			out = append(out, m)
		}
	}
	return out, nil
}

// keyContexts are the groups of actions whose keys must differ: the keys
// of play, the answers to the win's question with the keys that act
// beside them, and the keys of the replay. (The answer to "start a new
// game?" is yes or any other key: it cannot clash.)
var keyContexts = [][]string{
	{"up", "down", "left", "right", "undo", "new", "daily", "race", "hint", "play", "autoplay", "slower", "faster",
		"deeper", "shallower", "auto_depth", "theme", "stats", "leaderboard", "settings", "review", "practice", "help", "dismiss", "suspend", "quit"},
	{"keep_going", "new", "up", "down", "left", "right", "help", "quit"},
	{"replay_back", "replay_forward", "replay_start", "replay_end", "next_mistake", "previous_mistake",
		"replay_play", "take_over", "slower", "faster", "help", "dismiss", "suspend", "quit"},
}

// keyless are the actions that may be left with no key when the file
// gives their default keys to others: the practice, which came after
// files that gave its p to autoplay (docs/files.md's wasd), and which
// 2048 practice opens all the same.
var keyless = map[string]bool{"practice": true}

// rebind returns the key map of the [keys] table of the preferences file,
// over the default keys. A key the file gives an action is taken from the
// default keys of the actions beside it. Any problem (an unknown action or
// key, one key for two actions, an action left with no key) is returned
// with its line, and the key map is then the default one.
func rebind(values []prefs.Value, name string) (KeyMap, []string) {
	bound := map[string][]string{}
	line := map[string]int{}
	var problems []string
	bad := func(l int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s line %d: ", name, l)+fmt.Sprintf(format, args...))
	}
	for _, v := range values {
		if v.Table != "keys" {
			continue
		}
		if !slices.ContainsFunc(actions, func(a action) bool { return a.name == v.Name }) {
			bad(v.Line, "no action is named %q; the actions are %s", v.Name, actionNames())
			continue
		}
		keys, err := keyList(v.Value)
		if err != nil {
			bad(v.Line, "%s: %v", v.Name, err)
			continue
		}
		line[v.Name] = v.Line
		bound[v.Name] = keys
		for _, k := range keys {
			if k == alwaysQuits && v.Name != "quit" {
				bad(v.Line, "%s always quits: it cannot be %s's", alwaysQuits, v.Name)
			}
		}
	}
	effective := effectiveKeys(bound)
	clashes(effective, bound, line, bad)
	if len(problems) > 0 {
		// What the game does about them ends the last: it is no problem of
		// its own, which the count of problems would take for one.
		problems = dedupe(problems)
		problems[len(problems)-1] += ". The game plays with the default keys until the file is mended."
		return keyMapOf(nil), problems
	}
	return keyMapOf(effective), nil
}

// clashes reports, through bad, with their lines, the actions of a context
// left with no key, and the keys of two actions of one context.
func clashes(effective, bound map[string][]string, line map[string]int, bad func(l int, format string, args ...any)) {
	for _, ctx := range keyContexts {
		owner := map[string]string{}
		for _, name := range ctx {
			if len(effective[name]) == 0 && !keyless[name] {
				taker, k := takerOf(name, bound)
				bad(line[taker], "%s takes %s, the key of %s: give %s a key of its own too", taker, k, name, name)
			}
			for _, k := range effective[name] {
				if other, ok := owner[k]; ok && other != name {
					bad(max(line[name], line[other]), "%s is the key of both %s (line %d) and %s (line %d)",
						k, other, line[other], name, line[name])
				}
				owner[k] = name
			}
		}
	}
}

// keyList reads the keys of an action: one key, or a list of them.
func keyList(v any) ([]string, error) {
	var names []string
	switch v := v.(type) {
	case string:
		names = []string{v}
	case []any:
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("want keys in quotes, not %v", e)
			}
			names = append(names, s)
		}
	default:
		return nil, fmt.Errorf(`want a key or a list of keys, like "k" or ["up", "k"]`)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no key: give it one at least")
	}
	var keys []string
	for _, n := range names {
		k, err := parseKey(n)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// effectiveKeys returns the keys of every action: those bound, or the
// defaults less the keys bound to an action that shares a context.
func effectiveKeys(bound map[string][]string) map[string][]string {
	out := map[string][]string{}
	for _, a := range actions {
		if keys, ok := bound[a.name]; ok {
			out[a.name] = keys
			continue
		}
		keys := slices.Clone(a.keys)
		for other, taken := range bound {
			if shareContext(a.name, other) {
				keys = slices.DeleteFunc(keys, func(k string) bool { return slices.Contains(taken, k) })
			}
		}
		out[a.name] = keys
	}
	return out
}

// shareContext reports whether the actions a and b are in a context
// together.
func shareContext(a, b string) bool {
	for _, ctx := range keyContexts {
		if slices.Contains(ctx, a) && slices.Contains(ctx, b) {
			return true
		}
	}
	return false
}

// takerOf returns the bound action that took a default key of the action
// name, and the key.
func takerOf(name string, bound map[string][]string) (taker, key string) {
	i := slices.IndexFunc(actions, func(a action) bool { return a.name == name })
	for _, k := range actions[i].keys {
		for _, a := range actions { // in a fixed order, for a message that does not vary
			if keys, ok := bound[a.name]; ok && a.name != name && shareContext(name, a.name) && slices.Contains(keys, k) {
				return a.name, k
			}
		}
	}
	return name, ""
}

// actionNames lists the actions' names for a message.
func actionNames() string {
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// dedupe drops repeated problems (a clash seen in two contexts), keeping
// the order.
func dedupe(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
