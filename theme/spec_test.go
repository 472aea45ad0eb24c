package theme

import "testing"

// TestAllIsACopy checks that a caller changing the slice All returns does
// not change the themes: they are values.
func TestAllIsACopy(t *testing.T) {
	all := All()
	all[0].Name = "changed"
	all[0].spec.tiles[1].bold = false
	if got := All()[0]; got.Name != "classic" || !got.spec.tiles[1].bold {
		t.Errorf("All()[0] = %q after changing an earlier result; want classic unchanged", got.Name)
	}
}
