package theme_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/term2048/2048/theme"
)

func TestNames(t *testing.T) {
	want := []string{"classic", "dark", "contrast", "plain"}
	if got := theme.Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %q; want %q", got, want)
	}
	for i, th := range theme.All() {
		if th.Name != want[i] {
			t.Errorf("All()[%d].Name = %q; want %q", i, th.Name, want[i])
		}
		if th.Name != strings.ToLower(th.Name) || strings.ContainsAny(th.Name, " \t-_") {
			t.Errorf("All()[%d].Name = %q; want one lower-case word", i, th.Name)
		}
		if th.Description == "" {
			t.Errorf("All()[%d].Description is empty", i)
		}
	}
	if got, want := theme.All()[2].Description, "high contrast, safe for colour-blind players"; got != want {
		t.Errorf("All()[2].Description = %q; want %q", got, want)
	}
}

func TestByName(t *testing.T) {
	for _, th := range theme.All() {
		for _, name := range []string{th.Name, strings.ToUpper(th.Name)} {
			got, err := theme.ByName(name)
			if err != nil || got != th {
				t.Errorf("ByName(%q) = %q, %v; want %q, nil", name, got.Name, err, th.Name)
			}
		}
	}
	for _, name := range []string{"", "solarized", "classic "} {
		got, err := theme.ByName(name)
		if err == nil {
			t.Errorf("ByName(%q) = %q, nil; want an error", name, got.Name)
			continue
		}
		if got != (theme.Theme{}) {
			t.Errorf("ByName(%q) = %q, %v; want the zero Theme", name, got.Name, err)
		}
		for _, n := range theme.Names() {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("ByName(%q) error %q does not name %q", name, err, n)
			}
		}
	}
}

func TestDefault(t *testing.T) {
	if got := theme.Default(); got != theme.All()[0] || got.Name != "classic" {
		t.Errorf("Default() = %q; want All()[0], classic", got.Name)
	}
}
