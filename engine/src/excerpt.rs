//! Quoting user input in error messages: short, and with nothing a terminal would act on.

use std::fmt;

/// The most characters of an input an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// A short, printable rendering of `text` for an error message: control characters and other
/// invisible ones (a byte-order mark, a zero-width space) are written as escapes (`\u{1b}`,
/// `\r`), and text longer than [`EXCERPT_CHARS`] is cut, saying how much was left out.
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(EXCERPT_CHARS) {
            write_char(f, c)?;
        }
        let left = chars.count();
        if left > 0 {
            write!(f, "... ({left} more characters)")?;
        }
        Ok(())
    }
}

fn write_char(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    let invisible = matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}');
    if c.is_control() || invisible {
        write!(f, "{}", c.escape_default())
    } else {
        write!(f, "{c}")
    }
}

/// [`Excerpt`] as a `String`.
pub fn excerpt(text: &str) -> String {
    Excerpt(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        assert_eq!(excerpt("a\u{1b}[31mb\rc"), "a\\u{1b}[31mb\\rc");
        assert_eq!(excerpt("\u{feff}W:W1"), "\\u{feff}W:W1");
        assert_eq!(excerpt("W:W21-32:B1-12"), "W:W21-32:B1-12");
    }

    #[test]
    fn long_text_is_cut_and_says_how_much_is_left_out() {
        let long = "x".repeat(130_000);
        let shown = excerpt(&long);
        assert_eq!(shown, format!("{}... (129960 more characters)", "x".repeat(40)));
    }
}
