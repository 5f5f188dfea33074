//! The Hub line syntax, both directions: `command name=value name="a value" flag ...`.
//!
//! A value is written in double quotes when it contains a space or `=`, or is empty; there are no
//! escapes, so a value can never contain a double quote. A name without `=value` is a flag.

use std::borrow::Cow;

/// One argument of a command line: `name=value` or a bare flag `name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Argument {
    /// The argument's name.
    pub name: String,
    /// The value, unquoted; `None` for a flag.
    pub value: Option<String>,
}

/// Whether `word` can be a command or argument name: letters, digits, `-` and `_`.
pub fn is_name(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Splits a line into its command word and the rest (leading and trailing blanks removed).
/// `None` for a blank line.
pub fn split_command(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    Some(match line.split_once(char::is_whitespace) {
        Some((command, rest)) => (command, rest.trim_start()),
        None => (line, ""),
    })
}

/// Reads the arguments after the command word. Fails on a name that is not a name, on an
/// unterminated quote, and on text glued to a closing quote.
pub fn arguments(text: &str) -> Result<Vec<Argument>, String> {
    let mut arguments = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let name_end = rest.find(|c: char| c == '=' || c.is_whitespace()).unwrap_or(rest.len());
        let name = &rest[..name_end];
        if !is_name(name) {
            return Err(format!("'{}' is not an argument name", excerpt(name)));
        }
        rest = &rest[name_end..];
        let value = if let Some(after) = rest.strip_prefix('=') {
            let (value, remainder) = value_at(after, name)?;
            rest = remainder;
            Some(value)
        } else {
            None
        };
        arguments.push(Argument { name: name.to_string(), value });
        rest = rest.trim_start();
    }
    Ok(arguments)
}

/// Reads one value at the start of `text` (just after `=`); returns it and the text after it.
fn value_at<'a>(text: &'a str, name: &str) -> Result<(String, &'a str), String> {
    if let Some(quoted) = text.strip_prefix('"') {
        let end =
            quoted.find('"').ok_or_else(|| format!("the value of {name} has no closing quote"))?;
        let after = &quoted[end + 1..];
        if after.chars().next().is_some_and(|c| !c.is_whitespace()) {
            return Err(format!("text glued to the closing quote of {name}"));
        }
        return Ok((quoted[..end].to_string(), after));
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    let value = &text[..end];
    if value.contains('"') {
        return Err(format!("stray quote in the value of {name}"));
    }
    Ok((value.to_string(), &text[end..]))
}

/// A value as written on an output line: quoted when it contains a space or `=`, or is empty.
/// A double quote cannot be written (Hub has no escapes) and becomes `'`; a control character
/// (a line break, a terminal escape) would break the line and becomes `?`.
pub fn quote(value: &str) -> Cow<'_, str> {
    let value: Cow<str> = if value.contains(|c: char| c == '"' || c.is_control()) {
        Cow::Owned(
            value
                .chars()
                .map(|c| match c {
                    '"' => '\'',
                    c if c.is_control() => '?',
                    c => c,
                })
                .collect(),
        )
    } else {
        Cow::Borrowed(value)
    };
    if value.is_empty() || value.contains(|c: char| c == '=' || c.is_whitespace()) {
        Cow::Owned(format!("\"{value}\""))
    } else {
        value
    }
}

/// A short, printable excerpt of input text for an error message: at most 40 characters,
/// control characters and quotes replaced.
pub fn excerpt(text: &str) -> String {
    const LIMIT: usize = 40;
    let mut out: String = text
        .chars()
        .take(LIMIT)
        .map(|c| if c.is_control() || c == '"' { '?' } else { c })
        .collect();
    if text.chars().nth(LIMIT).is_some() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(name: &str, value: Option<&str>) -> Argument {
        Argument { name: name.to_string(), value: value.map(str::to_string) }
    }

    #[test]
    fn reads_values_flags_and_quotes() {
        assert_eq!(
            arguments(r#"pos=Wbe moves="22-18 11-15" think x="" y=a=b"#).unwrap(),
            vec![
                arg("pos", Some("Wbe")),
                arg("moves", Some("22-18 11-15")),
                arg("think", None),
                arg("x", Some("")),
                arg("y", Some("a=b")),
            ]
        );
        assert_eq!(arguments("").unwrap(), vec![]);
        assert_eq!(arguments("  a=1   b  ").unwrap(), vec![arg("a", Some("1")), arg("b", None)]);
    }

    #[test]
    fn rejects_broken_syntax() {
        assert!(arguments(r#"moves="22-18"#).is_err());
        assert!(arguments(r#"a="x"y"#).is_err());
        assert!(arguments("=5").is_err());
        assert!(arguments("a=x\"y").is_err());
        assert!(arguments("é=1").is_err());
    }

    #[test]
    fn splits_the_command_word() {
        assert_eq!(split_command("  go   think "), Some(("go", "think")));
        assert_eq!(split_command("ping"), Some(("ping", "")));
        assert_eq!(split_command(" \t "), None);
    }

    #[test]
    fn quotes_only_when_needed() {
        assert_eq!(quote("italian"), "italian");
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("a=b"), "\"a=b\"");
        assert_eq!(quote("say \"hi\""), "\"say 'hi'\"");
        assert_eq!(quote("a\rb"), "a?b");
        assert_eq!(quote("a\r b\u{1b}"), "\"a? b?\"");
    }
}
