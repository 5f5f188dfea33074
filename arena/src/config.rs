//! The settings of a match, read from the command line: the search limit per move, the
//! adjudication rules and the engine specifications.

use super::engine::dxp::{DxpTarget, DxpTime};
use super::engine::{EngineProtocol, EngineSpec};
use dama_engine::variant::Variant;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long an engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock per engine and game: `base` seconds, `increment` credited before each move (the
    /// Hub convention: the budget of a move is the clock plus the increment).
    Clock { base: f64, increment: f64 },
    /// Seconds per move.
    MoveTime(f64),
    /// A fixed depth.
    Depth(u32),
    /// A fixed node count.
    Nodes(u64),
}

impl Limit {
    /// Reads `--tc SECONDS[+INC]`.
    pub fn parse_clock(text: &str) -> Result<Limit, String> {
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, i),
            None => (text, "0"),
        };
        let seconds = |part: &str| -> Result<f64, String> {
            let value: f64 =
                part.trim().parse().map_err(|_| format!("--tc: '{part}' is not a number"))?;
            if !(0.0..=1e6).contains(&value) {
                return Err(format!("--tc: {value} is not a sensible number of seconds"));
            }
            Ok(value)
        };
        let (base, increment) = (seconds(base)?, seconds(increment)?);
        if base + increment <= 0.0 {
            return Err("--tc: the clock needs some time".to_string());
        }
        Ok(Limit::Clock { base, increment })
    }

    /// The `level` line for a move, given the mover's clock.
    pub fn level_line(&self, clock: f64) -> String {
        match *self {
            Limit::Clock { increment, .. } => {
                format!("level time={:.3} inc={:.3}", clock.max(0.0), increment)
            }
            Limit::MoveTime(s) => format!("level move-time={s:.3}"),
            Limit::Depth(d) => format!("level depth={d}"),
            Limit::Nodes(n) => format!("level nodes={n}"),
        }
    }

    /// Whether running out of time loses (clocks and move times) rather than being a hang.
    pub fn is_timed(&self) -> bool {
        matches!(self, Limit::Clock { .. } | Limit::MoveTime(_))
    }

    /// The PDN `TimeControl` text.
    pub fn pdn_text(&self) -> String {
        match *self {
            Limit::Clock { base, increment } => format!("{base}+{increment}"),
            Limit::MoveTime(s) => format!("movetime {s}"),
            Limit::Depth(d) => format!("depth {d}"),
            Limit::Nodes(n) => format!("nodes {n}"),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pdn_text())
    }
}

/// Reads `name=value,name=value` into pairs.
fn key_values(option: &str, text: &str) -> Result<Vec<(String, f64)>, String> {
    let mut pairs = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) =
            part.split_once('=').ok_or_else(|| format!("{option}: '{part}' is not name=value"))?;
        let number: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("{option}: {name}: '{value}' is not a number >= 0"))?;
        pairs.push((name.trim().to_string(), number));
    }
    Ok(pairs)
}

/// Adjudication by the agreement of both engines' scores (scores in men, from each engine's own
/// side). A win: for the last `moves` moves of each engine, one engine's score was at least
/// `score` and the other's at most `-score`. A draw: for the last `moves` moves of each engine
/// both scores lay within `score` of zero, once the game has `after` plies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreRule {
    /// Moves per engine that must agree.
    pub moves: usize,
    /// The score threshold in men.
    pub score: f64,
    /// Plies the game must have reached first (draw rule only; 0 for wins).
    pub after: usize,
}

impl ScoreRule {
    /// Reads `moves=N,score=S[,after=P]` (`after` only when `allow_after`).
    pub fn parse(option: &str, text: &str, allow_after: bool) -> Result<ScoreRule, String> {
        let mut rule = ScoreRule { moves: 0, score: f64::NAN, after: 0 };
        for (name, value) in key_values(option, text)? {
            match name.as_str() {
                "moves" => rule.moves = value as usize,
                "score" => rule.score = value,
                "after" if allow_after => rule.after = value as usize,
                other => return Err(format!("{option}: unknown name '{other}'")),
            }
        }
        if rule.moves == 0 || rule.score.is_nan() {
            return Err(format!("{option} needs moves=N (N >= 1) and score=S"));
        }
        Ok(rule)
    }
}

/// Everything a game needs to know besides its engines and opening.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The search limit.
    pub limit: Limit,
    /// Extra time an engine may use beyond its clock or move time before it loses on time.
    pub time_margin: Duration,
    /// How long to wait for a move under a depth or node limit, and for start-up.
    pub patience: Duration,
    /// Draw after this many plies (opening moves included).
    pub max_plies: Option<usize>,
    /// The game's move count: a draw after this many plies without a man move or a capture.
    pub quiet_ply_limit: u32,
    /// Win adjudication by scores.
    pub win_rule: Option<ScoreRule>,
    /// Draw adjudication by scores.
    pub draw_rule: Option<ScoreRule>,
}

impl GameRules {
    /// How long to wait for a move, given the mover's clock.
    pub fn patience_for_move(&self, clock: f64) -> Duration {
        match self.limit {
            Limit::Clock { increment, .. } => {
                Duration::from_secs_f64((clock + increment).max(0.0)) + self.time_margin
            }
            Limit::MoveTime(s) => Duration::from_secs_f64(s) + self.time_margin,
            Limit::Depth(_) | Limit::Nodes(_) => self.patience,
        }
    }
}

impl FromStr for EngineSpec {
    type Err = String;

    /// Reads a command line alone (`"target/release/dama hub"`, shell quoting allowed).
    fn from_str(text: &str) -> Result<EngineSpec, String> {
        let argv =
            shlex::split(text).ok_or_else(|| format!("--engine: bad quoting in '{text}'"))?;
        if argv.is_empty() {
            return Err("--engine: empty command".to_string());
        }
        Ok(EngineSpec {
            argv,
            protocol: EngineProtocol::Hub,
            label: None,
            params: Vec::new(),
            variant: Variant::default(),
        })
    }
}

/// Reads `NAME=VALUE` for a Hub param.
pub fn parse_param(option: &str, text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.to_string()))
        }
        _ => Err(format!("{option}: '{text}' is not NAME=VALUE")),
    }
}

/// Builds an engine spec from `--engine CMD [name=LABEL] [protocol=hub|hub1|dxp]
/// [dxp=HOST:PORT] [dxp-time=MINUTES[/MOVES]] [option.NAME=VALUE ...]`, or `--engine
/// dxp=HOST:PORT ...` for a DXP engine already listening. `shared` are the `--option` settings.
pub fn engine_spec(values: &[String], shared: &[(String, String)]) -> Result<EngineSpec, String> {
    let first = values.first().ok_or("--engine needs a command")?;
    let (mut spec, extras) = match first.starts_with("dxp=") {
        true => (EngineSpec::from_str("dxp")?, values),
        false => (first.parse()?, &values[1..]),
    };
    if first.starts_with("dxp=") {
        spec.argv.clear();
    }
    let mut own_params = Vec::new();
    let (mut protocol, mut address, mut time) = (None, None, None);
    for extra in extras {
        if let Some(label) = extra.strip_prefix("name=") {
            spec.label = Some(label.to_string());
        } else if let Some(setting) = extra.strip_prefix("option.") {
            own_params.push(parse_param("--engine", setting)?);
        } else if let Some(word) = extra.strip_prefix("protocol=") {
            protocol = Some(word.to_string());
        } else if let Some(text) = extra.strip_prefix("dxp=") {
            dama_frontend::dxp::address::parse_address("--engine dxp", text)?;
            address = Some(text.to_string());
        } else if let Some(text) = extra.strip_prefix("dxp-time=") {
            time = Some(text.parse::<DxpTime>()?);
        } else {
            return Err(format!(
                "--engine: '{extra}' is none of name=LABEL, protocol=hub|hub1|dxp, \
                 dxp=HOST:PORT, dxp-time=MINUTES[/MOVES] and option.NAME=VALUE (quote a command \
                 with arguments as one word)"
            ));
        }
    }
    spec.protocol = match (protocol.as_deref(), address) {
        (None | Some("hub") | Some("hub2"), None) => EngineProtocol::Hub,
        (Some("hub1"), None) => EngineProtocol::Hub1,
        (None | Some("dxp"), Some(address)) => EngineProtocol::Dxp(DxpTarget { address, time }),
        (Some("dxp"), None) => {
            return Err("--engine: protocol=dxp needs dxp=HOST:PORT, where the engine listens \
                        (after starting its command, when one is given)"
                .to_string())
        }
        (Some(word @ ("hub" | "hub2" | "hub1")), Some(_)) => {
            return Err(format!("--engine: dxp=HOST:PORT is for DXP engines, not protocol={word}"))
        }
        (Some(other), _) => {
            return Err(format!("--engine: unknown protocol={other} (hub, hub1 or dxp)"))
        }
    };
    if time.is_some() && !matches!(spec.protocol, EngineProtocol::Dxp(_)) {
        return Err("--engine: dxp-time= is for DXP engines (dxp=HOST:PORT)".to_string());
    }
    if matches!(spec.protocol, EngineProtocol::Dxp(_)) {
        if let Some((name, _)) = own_params.first().or(shared.first()) {
            return Err(format!(
                "--engine: a DXP engine takes no settings ({name}): DXP has no way to send them; \
                 set them in the engine's own configuration"
            ));
        }
    }
    spec.params = shared.to_vec();
    for (name, value) in own_params {
        spec.params.retain(|(n, _)| *n != name);
        spec.params.push((name, value));
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_seconds_and_increment() {
        assert_eq!(Limit::parse_clock("10+0.1"), Ok(Limit::Clock { base: 10.0, increment: 0.1 }));
        assert_eq!(Limit::parse_clock("60"), Ok(Limit::Clock { base: 60.0, increment: 0.0 }));
        for bad in ["", "x", "10+", "-5", "0+0", "inf"] {
            assert!(Limit::parse_clock(bad).is_err(), "{bad}");
        }
        let clock = Limit::parse_clock("10+0.1").unwrap();
        assert_eq!(clock.level_line(9.5), "level time=9.500 inc=0.100");
        assert_eq!(Limit::Nodes(2000).level_line(0.0), "level nodes=2000");
        assert_eq!(Limit::MoveTime(0.25).level_line(0.0), "level move-time=0.250");
    }

    #[test]
    fn engine_specs_take_a_name_and_options() {
        let values: Vec<String> =
            ["target/release/dama hub", "name=new", "option.threads=2", "option.tt-size=16"]
                .map(String::from)
                .to_vec();
        let shared = vec![("threads".to_string(), "1".to_string())];
        let spec = engine_spec(&values, &shared).unwrap();
        assert_eq!(spec.argv, ["target/release/dama", "hub"]);
        assert_eq!(spec.label.as_deref(), Some("new"));
        assert_eq!(
            spec.params,
            [("threads".to_string(), "2".to_string()), ("tt-size".to_string(), "16".to_string())]
        );
        assert!(engine_spec(&["dama".to_string(), "hub".to_string()], &[]).is_err());
        assert_eq!(
            engine_spec(&["'my engine' -x".to_string()], &[]).unwrap().argv,
            ["my engine", "-x"]
        );
    }

    #[test]
    fn engine_specs_name_their_protocol() {
        let spec = |values: &[&str]| {
            let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            engine_spec(&values, &[])
        };
        assert_eq!(spec(&["scan hub"]).unwrap().protocol, EngineProtocol::Hub);
        assert_eq!(spec(&["scan hub", "protocol=hub1"]).unwrap().protocol, EngineProtocol::Hub1);
        let listening = spec(&["dxp=127.0.0.1:27531", "name=kingsrow"]).unwrap();
        assert!(listening.argv.is_empty());
        assert_eq!(listening.label.as_deref(), Some("kingsrow"));
        let target = DxpTarget { address: "127.0.0.1:27531".to_string(), time: None };
        assert_eq!(listening.protocol, EngineProtocol::Dxp(target));
        let started = spec(&["scan dxp", "dxp=27532", "dxp-time=5/75"]).unwrap();
        assert_eq!(started.argv, ["scan", "dxp"]);
        let time = Some(DxpTime { minutes: 5, moves: 75 });
        let target = DxpTarget { address: "27532".to_string(), time };
        assert_eq!(started.protocol, EngineProtocol::Dxp(target));
        for bad in [
            &["scan", "protocol=dxp"][..],
            &["scan", "protocol=hub1", "dxp=1"],
            &["scan", "protocol=uci"],
            &["scan", "dxp-time=5"],
            &["dxp=1", "option.threads=2"],
            &["dxp=localhost"],
        ] {
            assert!(spec(bad).is_err(), "{bad:?}");
        }
        let shared = vec![("threads".to_string(), "1".to_string())];
        assert!(engine_spec(&["dxp=1".to_string()], &shared).is_err());
    }

    #[test]
    fn score_rules_need_moves_and_score() {
        let rule = ScoreRule::parse("--adjudicate-draw", "moves=6,score=0.05,after=60", true);
        assert_eq!(rule, Ok(ScoreRule { moves: 6, score: 0.05, after: 60 }));
        assert!(ScoreRule::parse("--adjudicate-win", "moves=3,score=5,after=1", false).is_err());
        assert!(ScoreRule::parse("--adjudicate-win", "score=5", false).is_err());
    }
}
