//! An engine as the match knows it: how to start it, what it speaks and what to set in it
//! ([`EngineSpec`]), and what it said about itself at start-up ([`EngineIdentity`]), including
//! the name it gives the game played.

pub use super::engine::dxp::DxpTarget;
use dama_engine::variant::Variant;

/// The protocol an engine speaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineProtocol {
    /// The Hub protocol, version 2 (Dama, Scan 3.x, pydraughts' engines): the default.
    Hub,
    /// The first Hub protocol (Scan 1.x and 2.x): `protocol=hub1`.
    Hub1,
    /// DXP over TCP: the engine listens at an address (`dxp=HOST:PORT`), started by its command
    /// first when one is given; the match joins it as the initiator.
    Dxp(DxpTarget),
}

/// How to start one engine and what to set in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments, e.g. `["target/release/dama", "hub"]` (empty for a DXP
    /// engine that is already listening).
    pub argv: Vec<String>,
    /// What it speaks.
    pub protocol: EngineProtocol,
    /// The name used in results and PDN (default: the engine's `id name=` and `version=`).
    pub label: Option<String>,
    /// `set-param` settings, in order.
    pub params: Vec<(String, String)>,
    /// The game played: an engine with a `variant` param is told it, by the name it advertises
    /// for it (unless `params` set `variant` already).
    pub variant: Variant,
    /// Its own limit, as given (`tc=...`, `movetime=...`, `depth=...`, `nodes=...`), in place
    /// of the match's; read into the game rules ([`crate::config::GameRules::engine_limits`]).
    pub limit: Option<(String, String)>,
}

/// Whether two specs start the same engine with the same settings (a deterministic engine then
/// plays every game pair as a mirror).
pub fn same_engines(specs: &[EngineSpec; 2]) -> bool {
    specs[0].argv == specs[1].argv
        && specs[0].params == specs[1].params
        && specs[0].protocol == specs[1].protocol
}

/// Whether a deterministic engine would mirror every game pair: the same engine with the same
/// settings on both sides, under the same fixed depth or node count (not a clock or a move time).
pub fn mirrors(specs: &[EngineSpec; 2], rules: &crate::config::GameRules) -> bool {
    same_engines(specs) && rules.same_limits() && !rules.limit.is_timed()
}

/// What an engine said about itself at start-up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineIdentity {
    /// `id name=`, or the program name when the engine gives none.
    pub name: String,
    /// `id version=`, if given.
    pub version: Option<String>,
    /// The names of the `param` lines.
    pub params: Vec<String>,
    /// The values the `variant` param advertises, when it is an enum.
    pub variant_values: Option<Vec<String>>,
}

impl EngineIdentity {
    /// The value of the engine's `variant` param that names `variant`: the first advertised value
    /// naming the game (`normal` in Scan, `standard` in pydraughts, `international` in Dama), or
    /// the game's own name when the param is not an enum; `None` when the engine has no `variant`
    /// param (it plays one game). An error when none of the advertised values names the game.
    pub fn variant_value(&self, variant: Variant) -> Result<Option<String>, String> {
        if !self.params.iter().any(|p| p == "variant") {
            return Ok(None);
        }
        let Some(values) = &self.variant_values else {
            return Ok(Some(variant.name().to_string()));
        };
        match values.iter().find(|v| Variant::from_name(v) == Some(variant)) {
            Some(value) => Ok(Some(value.clone())),
            None => Err(format!(
                "its variant param offers {} and none of them is {}",
                values.join(" "),
                variant.name()
            )),
        }
    }
}

impl EngineIdentity {
    /// `name version`, or the name alone.
    pub fn full_name(&self) -> String {
        match &self.version {
            Some(v) if !v.is_empty() => format!("{} {v}", self.name),
            _ => self.name.clone(),
        }
    }
}
