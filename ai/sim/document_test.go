package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/sim"
)

// fixedOutcome plays r, with the times fixed so that its JSON is the same on
// every machine.
func fixedOutcome(t testing.TB, r sim.Config) sim.Outcome {
	o, err := sim.Run(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range o.Games {
		o.Games[i].Elapsed = time.Duration(len(o.Games[i].Moves)) * 20 * time.Microsecond
	}
	o.Wall = 25 * time.Millisecond
	return o
}

// testDocuments are a document of one run, shard of a larger one, and a
// comparison of three, one of them interrupted.
func testDocuments(t *testing.T) []sim.Document {
	greedy := sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 3, Seed: 4, Workers: 2}
	part, err := greedy.Part(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	deep := sim.Config{Player: sim.Player{Kind: sim.Expectimax, Depth: 1, Eval: "snake", Time: time.Second, Cutoff: -1}, Games: 2, Seed: 4, Workers: 1}
	cut := fixedOutcome(t, sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 2, Seed: 4})
	cut.Games, cut.Interrupted, cut.NotStarted = nil, 1, 1
	return []sim.Document{
		{Runs: []sim.Outcome{fixedOutcome(t, part)}},
		{Runs: []sim.Outcome{fixedOutcome(t, greedy), fixedOutcome(t, deep), cut}, Compare: true},
	}
}

// TestDocumentRoundTrip: what WriteTo writes is what MarshalJSON encodes,
// laid out, and reads back as the document written.
func TestDocumentRoundTrip(t *testing.T) {
	for _, d := range testDocuments(t) {
		var b bytes.Buffer
		if _, err := d.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, b.Bytes()); err != nil || !bytes.Equal(compact.Bytes(), want) {
			t.Fatalf("WriteTo wrote\n%s\nwhich is not MarshalJSON's\n%s\n(%v)", b.Bytes(), want, err)
		}
		if lines := strings.Count(b.String(), "\n"); lines < 10 {
			t.Errorf("WriteTo wrote %d lines; want a member a line", lines)
		}
		var back sim.Document
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b.Bytes(), err)
		}
		if back.Compare != d.Compare || len(back.Runs) != len(d.Runs) {
			t.Fatalf("read back %d runs, compare %v; want %d, %v", len(back.Runs), back.Compare, len(d.Runs), d.Compare)
		}
		for i, o := range back.Runs {
			w := d.Runs[i]
			if !sameRun(o.Config, w.Config) || o.Interrupted != w.Interrupted || o.NotStarted != w.NotStarted || o.Wall != w.Wall {
				t.Errorf("run %d read back as %+v, %d interrupted, %d not started, %v; want %+v, %d, %d, %v",
					i+1, o.Config, o.Interrupted, o.NotStarted, o.Wall, w.Config, w.Interrupted, w.NotStarted, w.Wall)
			}
			if !sameGames(o.Games, w.Games) || o.Summary().MeanScore != w.Summary().MeanScore {
				t.Errorf("the games of run %d did not read back as they were written", i+1)
			}
		}
	}
}

// sameRun reports whether two configurations say the same, as their JSON
// keeps them: the workers that played rather than those asked for, the
// evaluator's name rather than "" for the default one.
func sameRun(a, b sim.Config) bool {
	a.Workers, b.Workers = a.ActiveWorkers(), b.ActiveWorkers()
	a.Player.Eval, b.Player.Eval = a.Player.EvalName(), b.Player.EvalName()
	return a.Player == b.Player && a.Games == b.Games && a.Seed == b.Seed && a.Workers == b.Workers &&
		(a.Shard == nil) == (b.Shard == nil) && (a.Shard == nil || *a.Shard == *b.Shard)
}

// TestDocumentRefused: a document that is not one sim writes fails to
// decode and leaves the document as it was.
func TestDocumentRefused(t *testing.T) {
	var b bytes.Buffer
	if _, err := testDocuments(t)[0].WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	for _, c := range []struct{ name, doc, want string }{
		{"not JSON", "{", "unexpected end"},
		{"another object", `{"hello": 1}`, `unknown field "hello"`},
		{"no configuration", `{"games": []}`, "no configuration"},
		{"an unknown field", strings.Replace(good, `"interrupted"`, `"interupted"`, 1), `unknown field "interupted"`},
		{"an unknown field of the config", strings.Replace(good, `"label"`, `"name"`, 1), `unknown field "name"`},
		{"an unknown player", strings.Replace(good, `"player":"greedy"`, `"player":"human"`, 1), `unknown player "human"`},
		{"a game that does not replay", strings.Replace(good, `"score":`, `"score":1`, 1), "the record says"},
		{"no runs", `{"runs": []}`, "no run"},
		{"runs and a run", `{"runs": [], "config": {}}`, `unknown field "config"`},
		{"a bad run", `{"runs": [` + good + `, {"games": []}]}`, "run 2: no configuration"},
	} {
		d := sim.Document{Compare: true}
		err := json.Unmarshal([]byte(c.doc), &d)
		if err == nil || !strings.Contains(err.Error(), c.want) || !d.Compare || d.Runs != nil {
			t.Errorf("%s: Unmarshal = %v, %+v; want an error saying %q and the document unchanged", c.name, err, d, c.want)
		}
	}
}

// TestReadDocument checks that each document reads back from its JSON,
// with or without a byte-order mark, and that anything else says it is
// not one.
func TestReadDocument(t *testing.T) {
	for _, doc := range testDocuments(t) {
		var b bytes.Buffer
		if _, err := doc.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(doc)
		for _, data := range [][]byte{b.Bytes(), append([]byte("\uFEFF"), b.Bytes()...)} {
			got, err := sim.ReadDocument(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("ReadDocument: %v", err)
			}
			if again, _ := json.Marshal(got); !bytes.Equal(again, want) {
				t.Errorf("ReadDocument read another document:\n%s\nwant\n%s", again, want)
			}
		}
	}
	for _, bad := range []string{"", "{}", "[1, 2]", "not json", `{"runs": []}`} {
		if _, err := sim.ReadDocument(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "not the output of sim -json") {
			t.Errorf("ReadDocument(%q) = %v; want it refused as not a document", bad, err)
		}
	}
}
