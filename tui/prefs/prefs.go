// Package prefs reads and writes a preferences file in TOML that the player
// edits by hand as well: settings at the top, tables of them below.
//
// It keeps what a hand-edited file needs and a plain decoder loses: the line
// of every value, for messages that point at it, and the text itself, so
// that a value changed by the program is rewritten in place, leaving the
// player's comments, order and spacing as they were. TOML is decoded by
// github.com/pelletier/go-toml/v2; the lines and places come from its
// parser.
//
// The text is kept by a Storage: a file (Path), or a record of a server's
// database. A text that cannot be read or parsed is never written: the
// player's text is not replaced by the program's.
package prefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// A File is a preferences file as read: its values, where they are, and
// its text, kept by its Storage. The zero File has no value, and no
// storage to write to.
type File struct {
	store    Storage
	text     []byte  // as read; nil when there was no text
	values   []Value // in the order of the file
	tables   int     // the offset of the line of the first table header; -1 if none
	broken   error   // why the file could not be read or parsed; it is then never written
	template func() []byte
}

// A Value is a setting of the file: the table it is in ("" at the top),
// its name, its value as TOML decodes it (string, int64, float64, bool,
// []any, …) and its line.
type Value struct {
	Table string
	Name  string
	Value any
	Line  int

	start, end int // the bytes of the value in the text
}

// Load reads the file at path: LoadFrom(Path(path), template).
func Load(path string, template func() []byte) (*File, error) {
	return LoadFrom(Path(path), template)
}

// LoadFrom reads the text s keeps. No text is an empty File and no error.
// A text that cannot be read (a file not regular, too large, an I/O error)
// or parsed returns an error, with the line for a parse error, and a File
// that Set refuses to write. template, called when Set must make the
// first text, returns it: comments documenting the settings.
func LoadFrom(s Storage, template func() []byte) (*File, error) {
	f := &File{store: s, template: template}
	text, err := read(s)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		f.broken = err
		return f, err
	}
	f.text = text
	if err := f.parse(); err != nil {
		f.broken = err
		return f, err
	}
	return f, nil
}

// A SyntaxError is a file that is not TOML.
type SyntaxError struct {
	Path string
	Line int
	Err  string
}

// Error says where the file is wrong.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%s line %d: %s", e.Path, e.Line, e.Err) }

// parse decodes the text: the values from go-toml's decoder, their lines
// and places from its parser.
func (f *File) parse() error {
	var decoded map[string]any
	if err := toml.Unmarshal(f.text, &decoded); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ := de.Position()
			return &SyntaxError{Path: f.Name(), Line: line, Err: de.Error()}
		}
		return &SyntaxError{Path: f.Name(), Err: err.Error()}
	}
	p := unstable.Parser{}
	p.Reset(f.text)
	table := ""
	f.tables = -1
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = joinKey(e.Key())
			if e.Kind == unstable.ArrayTable {
				table = "[[" + table + "]]" // no setting of this package is in one
			}
			if f.tables < 0 {
				it := e.Key()
				it.Next()
				f.tables = bytes.LastIndexByte(f.text[:it.Node().Raw.Offset], '\n') + 1
			}
		case unstable.KeyValue:
			name := joinKey(e.Key())
			v := Value{Table: table, Name: name, Line: p.Shape(e.Raw).Start.Line}
			v.Value = lookup(decoded, table, name)
			v.start, v.end = valueRange(&p, e)
			f.values = append(f.values, v)
		}
	}
	return p.Error()
}

// joinKey writes a dotted key as the file does.
func joinKey(it unstable.Iterator) string {
	var b bytes.Buffer
	for it.Next() {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(it.Node().Data)
	}
	return b.String()
}

// lookup returns the decoded value of name in table.
func lookup(decoded map[string]any, table, name string) any {
	if table != "" {
		t, _ := decoded[table].(map[string]any)
		return t[name]
	}
	return decoded[name]
}

// valueRange returns the bytes of the value of the key-value e: from the
// end of the key's "=" to the end of the expression. go-toml gives the
// range of a scalar, not of an array: the expression's range covers both.
func valueRange(p *unstable.Parser, e *unstable.Node) (start, end int) {
	r := e.Raw
	start, end = int(r.Offset), int(r.Offset+r.Length)
	if eq := bytes.IndexByte(p.Raw(r), '='); eq >= 0 {
		start += eq + 1
	}
	for start < end && (p.Data()[start] == ' ' || p.Data()[start] == '\t') {
		start++
	}
	return start, end
}

// Values returns the settings of the file, in its order.
func (f *File) Values() []Value { return slices.Clone(f.values) }

// Broken returns why the file could not be read or parsed, or nil.
func (f *File) Broken() error { return f.broken }

// Path returns the file's path; "" if its text is not kept in a file
// (see Storage).
func (f *File) Path() string {
	p, _ := f.store.(Path)
	return string(p)
}

// Name names the text in the messages to the player (see Storage.Name);
// "" without a storage.
func (f *File) Name() string {
	if f.store == nil {
		return ""
	}
	return f.store.Name()
}

// Set gives the top-level setting name the value v and writes the text to
// its storage, whole (a file atomically), the rest of it as it was: the
// value is replaced where it stands, or a commented-out line "# name = …"
// of the text becomes the setting, or the setting goes before the first
// table. No text is first made from the template. A text that could not be
// read or parsed is not written.
func (f *File) Set(name string, v any) error {
	if f.broken != nil {
		return fmt.Errorf("%s not written: %w", f.Name(), f.broken)
	}
	if f.store == nil {
		return errors.New("the preferences are kept nowhere")
	}
	enc, err := encode(v)
	if err != nil {
		return err
	}
	if f.text == nil && f.template != nil {
		f.text = f.template()
		if err := f.parse(); err != nil {
			return fmt.Errorf("the template of %s: %w", f.Name(), err)
		}
	}
	text := f.setIn(name, enc)
	if err := f.store.Write(text); err != nil {
		return err
	}
	f.text = text
	f.values = nil
	return f.parse()
}

// encode writes v as a TOML value, with go-toml.
func encode(v any) ([]byte, error) {
	out, err := toml.Marshal(map[string]any{"v": v})
	if err != nil {
		return nil, fmt.Errorf("encoding %v: %w", v, err)
	}
	_, value, ok := bytes.Cut(bytes.TrimSpace(out), []byte("= "))
	if !ok {
		return nil, fmt.Errorf("encoding %v: unexpected %q", v, out)
	}
	return value, nil
}

// setIn returns the text with the top-level setting name set to the
// encoded value enc.
func (f *File) setIn(name string, enc []byte) []byte {
	text := f.text
	for _, v := range f.values {
		if v.Table == "" && v.Name == name {
			return slices.Concat(text[:v.start], enc, text[v.end:])
		}
	}
	line := []byte(name + " = " + string(enc))
	top := text
	if f.tables >= 0 {
		top = text[:f.tables]
	}
	commented := regexp.MustCompile(`(?m)^#[ \t]*` + regexp.QuoteMeta(name) + `[ \t]*=.*$`)
	if loc := commented.FindIndex(top); loc != nil {
		return slices.Concat(text[:loc[0]], line, text[loc[1]:])
	}
	// After the last line of the top, not after the blank lines that set
	// the tables apart.
	at := len(bytes.TrimRight(top, " \t\r\n"))
	if at == 0 {
		return slices.Concat(line, []byte("\n"), text)
	}
	return slices.Concat(text[:at], []byte("\n"), line, text[at:])
}
