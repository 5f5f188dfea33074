//! Reading and writing single Hub protocol lines on the client side: `command name=value ...`,
//! where a value is double-quoted when it holds a space or `=` or is empty, and a bare name is a
//! flag (hub-protocol.md, "Transport and syntax"). The syntax itself is shared with the engine
//! side, [`dama_frontend::hub_syntax`].

use dama_frontend::hub_syntax as syntax;

/// One line from an engine: its command word and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubLine {
    /// The first word, e.g. `done`.
    pub command: String,
    /// `name=value` pairs; a flag has no value.
    pub arguments: Vec<(String, Option<String>)>,
}

impl HubLine {
    /// Splits a line with the Hub syntax of [`dama_frontend::hub_syntax`]; `None` for an empty line.
    /// A line whose arguments do not parse keeps its command word and no arguments, so a broken
    /// `done` reads as a `done` without a move.
    pub fn parse(line: &str) -> Option<HubLine> {
        let (command, rest) = syntax::split_command(line)?;
        let arguments = syntax::arguments(rest)
            .map(|list| list.into_iter().map(|a| (a.name, a.value)).collect())
            .unwrap_or_default();
        Some(HubLine { command: command.to_string(), arguments })
    }

    /// The value of argument `name`, if given with a value.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.arguments.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.as_deref())
    }
}

pub use dama_frontend::hub_syntax::quote;

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
