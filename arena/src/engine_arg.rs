//! The engines of a match, read from the command line: `--engine CMD [name=LABEL]
//! [protocol=...] [dxp=...] [option.NAME=VALUE ...]` into an [`EngineSpec`].

use super::config::Limit;
use super::engine::dxp::{DxpTarget, DxpTime};
use super::engine::{EngineProtocol, EngineSpec};
use dama_engine::variant::Variant;
use std::str::FromStr;

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
            limit: None,
        })
    }
}

/// The names of an engine's own limit.
fn is_limit(key: &str) -> bool {
    matches!(key, "tc" | "movetime" | "depth" | "nodes")
}

/// An engine's own limit, `tc=[MOVES/]SECONDS[+INC]`, `movetime=S`, `depth=D` or `nodes=N`.
pub fn engine_limit(key: &str, value: &str) -> Result<Limit, String> {
    let number = |what: &str| format!("--engine {key}={value}: {what}");
    match key {
        "tc" => Limit::parse_clock(value).map_err(|e| format!("--engine {key}=: {e}")),
        "movetime" => match value.trim().parse::<f64>() {
            Ok(s) if s.is_finite() && s > 0.0 && s < 1e6 => Ok(Limit::MoveTime(s)),
            _ => Err(number("not a number of seconds above 0")),
        },
        "depth" => match value.trim().parse::<u32>() {
            Ok(d) if (1..=200).contains(&d) => Ok(Limit::Depth(d)),
            _ => Err(number("not a depth from 1 to 200")),
        },
        "nodes" => match value.trim().parse::<u64>() {
            Ok(n) if n >= 1 => Ok(Limit::Nodes(n)),
            _ => Err(number("not a node count of 1 or more")),
        },
        _ => Err(format!("--engine: {key}= is not a limit")),
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
        } else if let Some((key, value)) = extra.split_once('=').filter(|(k, _)| is_limit(k)) {
            if spec.limit.is_some() {
                return Err(format!("--engine: '{extra}': give an engine one limit of its own"));
            }
            engine_limit(key, value)?;
            spec.limit = Some((key.to_string(), value.to_string()));
        } else {
            return Err(format!(
                "--engine: '{extra}' is none of name=LABEL, protocol=hub|hub1|dxp, \
                 dxp=HOST:PORT, dxp-time=MINUTES[/MOVES], tc=|movetime=|depth=|nodes= (a limit \
                 of its own) and option.NAME=VALUE (quote a command with arguments as one word)"
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
}
