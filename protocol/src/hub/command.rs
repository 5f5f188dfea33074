//! Text to commands: the one place where an input line becomes a typed [`Command`].
//!
//! A blank line and a well-formed line with an unknown command word are `Ok(None)` (ignored, for
//! forward compatibility); unknown arguments of a known command are ignored too. Anything else
//! that is wrong (a line that does not start with a command word, broken quoting, a missing or bad
//! argument) is an `Err` carrying the message for `error message="..."`.

use super::game::AnyGame;
use super::params::{parse_setting, Setting};
use dama_engine::search::{Clock, SearchLimits};
use dama_engine::variant::Variant;
use dama_frontend::hub_syntax::{self as syntax, Argument};
use std::time::Duration;

/// What `go` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// `go think`: play a move within the level.
    Think,
    /// `go ponder`: search the position (the expected reply already played) until `ponder-hit`
    /// starts the clock, or `stop`.
    Ponder,
    /// `go analyze`: infinite analysis until `stop`.
    Analyze,
}

/// One command from the GUI.
#[derive(Clone, Debug)]
pub enum Command {
    /// `hub`: declare the engine and its params, then `wait`.
    Hub,
    /// `set-param name= value=`, already checked.
    SetParam(Setting),
    /// `init`: get ready (allocate the table), then `ready`.
    Init,
    /// `pos pos=<string>|start [moves="..."]`: the game, already replayed.
    Pos(Box<AnyGame>),
    /// `level ...`: the limits of the next search.
    Level(SearchLimits),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `stop`: end the search now; it still answers `done`.
    Stop,
    /// `ping`: answer `pong`.
    Ping,
    /// `ponder-hit`: the expected move was played; the clock starts.
    PonderHit,
    /// `new-game`: forget what was learned.
    NewGame,
    /// `quit`: exit at once.
    Quit,
}

impl Command {
    /// Whether the command acts at once even while a search runs (the others wait for `done`).
    pub fn acts_during_search(&self) -> bool {
        matches!(self, Command::Stop | Command::Ping | Command::PonderHit | Command::Quit)
    }
}

/// Reads one line of input; `pos` is read under the rules of `variant` (the variant in force when
/// the command will run).
pub fn parse_command(line: &str, variant: Variant) -> Result<Option<Command>, String> {
    let Some((word, rest)) = syntax::split_command(line) else {
        return Ok(None);
    };
    if !syntax::is_name(word) {
        return Err(format!("not a command: '{}'", syntax::excerpt(line.trim())));
    }
    let known = [
        "hub",
        "set-param",
        "init",
        "pos",
        "level",
        "go",
        "stop",
        "ping",
        "ponder-hit",
        "new-game",
        "quit",
    ];
    if !known.contains(&word) {
        return Ok(None);
    }
    let args = Arguments::new(word, syntax::arguments(rest).map_err(|e| format!("{word}: {e}"))?)?;
    let command = match word {
        "hub" => Command::Hub,
        "init" => Command::Init,
        "stop" => Command::Stop,
        "ping" => Command::Ping,
        "ponder-hit" => Command::PonderHit,
        "new-game" => Command::NewGame,
        "quit" => Command::Quit,
        "set-param" => {
            let setting = parse_setting(args.value("name")?, args.value("value")?);
            Command::SetParam(setting.map_err(|e| format!("set-param: {e}"))?)
        }
        "pos" => Command::Pos(Box::new(pos(&args, variant)?)),
        "level" => Command::Level(level(&args)?),
        _ => Command::Go(go(&args)?),
    };
    Ok(Some(command))
}

/// The arguments of a known command, each name at most once.
struct Arguments {
    command: String,
    list: Vec<Argument>,
}

impl Arguments {
    fn new(command: &str, list: Vec<Argument>) -> Result<Arguments, String> {
        for (i, a) in list.iter().enumerate() {
            if list[..i].iter().any(|b| b.name == a.name) {
                return Err(format!("{command}: {} is given twice", a.name));
            }
        }
        Ok(Arguments { command: command.to_string(), list })
    }

    fn find(&self, name: &str) -> Option<&Argument> {
        self.list.iter().find(|a| a.name == name)
    }

    /// A `name=value` argument's value, if given; an error if it is given as a flag.
    fn optional(&self, name: &str) -> Result<Option<&str>, String> {
        match self.find(name) {
            None => Ok(None),
            Some(Argument { value: Some(v), .. }) => Ok(Some(v)),
            Some(_) => Err(format!("{}: {name} needs a value ({name}=...)", self.command)),
        }
    }

    fn value(&self, name: &str) -> Result<&str, String> {
        self.optional(name)?.ok_or_else(|| format!("{}: {name}= is missing", self.command))
    }

    fn flag(&self, name: &str) -> Result<bool, String> {
        match self.find(name) {
            None => Ok(false),
            Some(Argument { value: None, .. }) => Ok(true),
            Some(_) => Err(format!("{}: {name} takes no value", self.command)),
        }
    }
}

fn pos(args: &Arguments, variant: Variant) -> Result<AnyGame, String> {
    let position = args.optional("pos")?;
    let start = args.flag("start")?;
    if position.is_some() == start {
        return Err("pos: give either pos=<position> or start".to_string());
    }
    AnyGame::from_text(variant, position, args.optional("moves")?.unwrap_or(""))
        .map_err(|e| format!("pos: {e}"))
}

fn go(args: &Arguments) -> Result<GoMode, String> {
    let modes =
        [("think", GoMode::Think), ("ponder", GoMode::Ponder), ("analyze", GoMode::Analyze)];
    let mut chosen = None;
    for (name, mode) in modes {
        if args.flag(name)? {
            if chosen.is_some() {
                return Err("go: give only one of think, ponder, analyze".to_string());
            }
            chosen = Some(mode);
        }
    }
    chosen.ok_or_else(|| "go: give one of think, ponder, analyze".to_string())
}

/// The longest time accepted in a `level`, in seconds (about 115 days).
const MAX_SECONDS: f64 = 1e7;

fn level(args: &Arguments) -> Result<SearchLimits, String> {
    let mut limits = SearchLimits { infinite: args.flag("infinite")?, ..SearchLimits::default() };
    if let Some(text) = args.optional("depth")? {
        limits.depth = Some(count("depth", text, u32::MAX as u64)? as u32);
    }
    if let Some(text) = args.optional("nodes")? {
        limits.nodes = Some(count("nodes", text, u64::MAX)?);
    }
    if let Some(text) = args.optional("move-time")? {
        limits.move_time = Some(seconds("move-time", text)?);
    }
    let moves = args.optional("moves")?;
    let inc = args.optional("inc")?;
    match args.optional("time")? {
        Some(text) => {
            // A clock that has run out is sent as zero or less (pydraughts subtracts the
            // increment before sending): read it as zero, the increment still applies.
            let time = real("time", text)?;
            limits.clock = Some(Clock {
                time: Duration::from_secs_f64(time.max(0.0)),
                increment: inc.map(|t| seconds("inc", t)).transpose()?.unwrap_or_default(),
                moves_to_go: moves
                    .map(|m| count("moves", m, u32::MAX as u64))
                    .transpose()?
                    .map(|m| m as u32),
            });
        }
        None if moves.is_some() || inc.is_some() => {
            return Err("level: moves= and inc= need time=".to_string());
        }
        None => {}
    }
    if limits == SearchLimits::default() {
        return Err("level: give depth=, nodes=, move-time=, time= or infinite".to_string());
    }
    Ok(limits)
}

fn count(name: &str, text: &str, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "level: {name} must be a positive integer, got '{}'",
            syntax::excerpt(text)
        )),
    }
}

fn real(name: &str, text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x <= MAX_SECONDS => Ok(x),
        _ => Err(format!(
            "level: {name} must be a number of seconds, got '{}'",
            syntax::excerpt(text)
        )),
    }
}

fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    let x = real(name, text)?;
    if x < 0.0 {
        return Err(format!("level: {name} cannot be negative, got '{}'", syntax::excerpt(text)));
    }
    Ok(Duration::from_secs_f64(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(line: &str) -> SearchLimits {
        match parse_command(line, Variant::Italian) {
            Ok(Some(Command::Level(limits))) => limits,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn every_level_form() {
        assert_eq!(limits("level depth=7"), SearchLimits::depth(7));
        assert_eq!(limits("level nodes=1000"), SearchLimits::nodes(1000));
        assert_eq!(
            limits("level move-time=0.5"),
            SearchLimits::move_time(Duration::from_millis(500))
        );
        assert!(limits("level infinite").infinite);
        let clock = |line| limits(line).clock.unwrap();
        assert_eq!(clock("level time=60").time, Duration::from_secs(60));
        assert_eq!(clock("level time=59 inc=1").increment, Duration::from_secs(1));
        assert_eq!(clock("level moves=40 time=300").moves_to_go, Some(40));
        assert_eq!(clock("level moves=40 time=300 inc=2").increment, Duration::from_secs(2));
        assert_eq!(clock("level time=-0.02 inc=0.1").time, Duration::ZERO);
    }

    #[test]
    fn bad_levels_are_errors() {
        for line in [
            "level",
            "level depth=0",
            "level depth=x",
            "level nodes=-5",
            "level move-time=-1",
            "level move-time=nan",
            "level time=1e300",
            "level inc=1",
            "level moves=40",
            "level time=10 inc=-1",
            "level depth",
            "level infinite=1",
        ] {
            assert!(parse_command(line, Variant::Italian).is_err(), "{line}");
        }
    }

    #[test]
    fn unknown_words_are_ignored_and_garbage_is_an_error() {
        assert!(matches!(parse_command("", Variant::Italian), Ok(None)));
        assert!(matches!(parse_command("xyzzy a=\"b", Variant::Italian), Ok(None)));
        assert!(matches!(parse_command("ping extra=1", Variant::Italian), Ok(Some(Command::Ping))));
        assert!(parse_command("%$#@!", Variant::Italian).is_err());
        assert!(parse_command("=", Variant::Italian).is_err());
        assert!(parse_command("go", Variant::Italian).is_err());
        assert!(parse_command("go think ponder", Variant::Italian).is_err());
        assert!(parse_command("pos", Variant::Italian).is_err());
        assert!(parse_command("pos start pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", Variant::Italian)
            .is_err());
        assert!(parse_command("set-param name=threads", Variant::Italian).is_err());
        assert!(parse_command("level depth=3 depth=4", Variant::Italian).is_err());
    }
}
