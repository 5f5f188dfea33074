//! Reading and writing single Hub protocol lines on the client side: `command name=value ...`,
//! where a value is double-quoted when it holds a space or `=` or is empty, and a bare name is a
//! flag (hub-protocol.md, "Transport and syntax").

/// One line from an engine: its command word and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubLine {
    /// The first word, e.g. `done`.
    pub command: String,
    /// `name=value` pairs; a flag has no value.
    pub arguments: Vec<(String, Option<String>)>,
}

impl HubLine {
    /// Splits a line; None for an empty line.
    pub fn parse(line: &str) -> Option<HubLine> {
        let mut chars = line.trim().chars().peekable();
        let mut words: Vec<(String, Option<String>)> = Vec::new();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let mut name = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '=' {
                    break;
                }
                name.push(c);
                chars.next();
            }
            if chars.peek() != Some(&'=') {
                words.push((name, None));
                continue;
            }
            chars.next();
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            words.push((name, Some(value)));
        }
        let mut words = words.into_iter();
        let (command, _) = words.next()?;
        Some(HubLine { command, arguments: words.collect() })
    }

    /// The value of argument `name`, if given with a value.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.arguments.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.as_deref())
    }
}

/// Writes a value as Hub wants it: quoted when empty or holding a space or `=`.
pub fn quote(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '\t']) {
        format!("\"{value}\"")
    } else {
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values_quotes_and_flags() {
        let line = HubLine::parse("info depth=12 score=-0.15 pv=\"22-18 11-15\" ponder").unwrap();
        assert_eq!(line.command, "info");
        assert_eq!(line.value("depth"), Some("12"));
        assert_eq!(line.value("score"), Some("-0.15"));
        assert_eq!(line.value("pv"), Some("22-18 11-15"));
        assert_eq!(line.arguments.last(), Some(&("ponder".to_string(), None)));
        let done = HubLine::parse("  done move=30x5x26x18x10 ponder=6x15\r").unwrap();
        assert_eq!(done.value("move"), Some("30x5x26x18x10"));
        assert_eq!(HubLine::parse("   "), None);
        let empty = HubLine::parse("id name=\"\" author=\"A = B\"").unwrap();
        assert_eq!(empty.value("name"), Some(""));
        assert_eq!(empty.value("author"), Some("A = B"));
    }

    #[test]
    fn quotes_only_when_needed() {
        assert_eq!(quote("23-19"), "23-19");
        assert_eq!(quote("23-19 10-14"), "\"23-19 10-14\"");
        assert_eq!(quote(""), "\"\"");
    }
}
