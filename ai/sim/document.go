package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// A Document is what 2048 sim -json prints, and what sim -merge and 2048
// review read back: one run, or the runs that sim -compare played side by
// side. Its JSON is that of its Outcome, or with Compare
// {"runs": [outcomes]}; MarshalJSON and UnmarshalJSON encode and decode
// it, and WriteTo lays the same JSON out on lines.
type Document struct {
	Runs []Outcome
	// Compare says that the runs were played side by side: the document is
	// {"runs": [...]} then, even with one run. Without it, it holds one run.
	Compare bool
}

// ReadDocument reads a document from r as sim -json wrote it, a
// byte-order mark before it skipped (an editor on Windows may add one).
// A file that is not one is an error that says so.
func ReadDocument(r io.Reader) (Document, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Document{}, err
	}
	var d Document
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\uFEFF")), &d); err != nil {
		return Document{}, fmt.Errorf("not the output of sim -json: %w", err)
	}
	return d, nil
}

// errNotOneRun is the error of a Document that is not a comparison and
// does not hold one run.
var errNotOneRun = errors.New("a document that is not a comparison holds one run")

// MarshalJSON encodes d as one compact JSON object: the run (see
// Outcome.MarshalJSON), or with Compare {"runs": [...]}.
func (d Document) MarshalJSON() ([]byte, error) {
	if d.Compare {
		return json.Marshal(runsJSON[Outcome]{d.Runs})
	}
	if len(d.Runs) != 1 {
		return nil, errNotOneRun
	}
	return json.Marshal(d.Runs[0])
}

// runsJSON is a comparison in JSON: its runs, encoded or not yet decoded.
type runsJSON[T any] struct {
	Runs []T `json:"runs"`
}

// UnmarshalJSON decodes a document that MarshalJSON encoded, telling the
// two kinds apart by their fields. It fails, leaving d unchanged, on a
// field it does not know, on a comparison of no runs, and on a run that
// Outcome.UnmarshalJSON refuses, naming the run of a comparison.
func (d *Document) UnmarshalJSON(data []byte) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	if _, ok := fields["runs"]; !ok {
		var o Outcome
		if err := o.UnmarshalJSON(data); err != nil {
			return err
		}
		*d = Document{Runs: []Outcome{o}}
		return nil
	}
	var c runsJSON[json.RawMessage]
	if err := decodeStrict(data, &c); err != nil {
		return err
	}
	if len(c.Runs) == 0 {
		return errors.New(`"runs" holds no run`)
	}
	runs := make([]Outcome, len(c.Runs))
	for i, r := range c.Runs {
		if err := runs[i].UnmarshalJSON(r); err != nil {
			return fmt.Errorf("run %d: %w", i+1, err)
		}
	}
	*d = Document{Runs: runs, Compare: true}
	return nil
}

// WriteTo writes the JSON of MarshalJSON laid out as sim -json prints it,
// for people and for line-oriented tools: each member of a run on a line,
// each game on a line of its own, the summary indented, and with Compare
// each run indented one space within {"runs": [...]}. A newline ends it.
func (d Document) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	switch {
	case d.Compare:
		b.WriteString("{\"runs\": [\n")
		for i, o := range d.Runs {
			b.WriteString(" ")
			if err := appendRun(&b, o, " "); err != nil {
				return 0, err
			}
			if i < len(d.Runs)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]}")
	case len(d.Runs) != 1:
		return 0, errNotOneRun
	default:
		if err := appendRun(&b, d.Runs[0], ""); err != nil {
			return 0, err
		}
	}
	b.WriteByte('\n')
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// appendRun appends the JSON object of o, as Outcome.MarshalJSON encodes
// it, with a member a line, a game a line under "games" and "summary"
// indented; indent begins each line after the first.
func appendRun(b *bytes.Buffer, o Outcome, indent string) error {
	data, err := json.Marshal(o)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	b.WriteByte('{')
	for i := 0; dec.More(); i++ {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return err
		}
		name, err := json.Marshal(key)
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n%s %s: ", indent, name)
		switch key {
		case "games":
			err = appendLines(b, value, indent+" ")
		case "summary":
			err = json.Indent(b, value, indent+" ", " ")
		default:
			_, err = b.Write(value)
		}
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(b, "\n%s}", indent)
	return nil
}

// appendLines appends the JSON array list with each element on a line of
// its own, indented one space more than indent, and the closing bracket
// after indent.
func appendLines(b *bytes.Buffer, list json.RawMessage, indent string) error {
	var elems []json.RawMessage
	if err := json.Unmarshal(list, &elems); err != nil {
		return err
	}
	b.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n%s %s", indent, e)
	}
	fmt.Fprintf(b, "\n%s]", indent)
	return nil
}
