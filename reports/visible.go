package reports

// Visible is s as every HTML page of the project shows text read from the
// audited logs: characters that show nothing or move other text made
// visible as ⟨U+XXXX⟩ (see visible). The explain ruling uses it too, so
// both pages show a spoofed name the same way.
func Visible(s string) string { return visible(s) }
