//! `--variant`: the game a command plays, as every command line names it.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use dama_engine::variant::Variant;

/// The parser of a `--variant` argument: the games' names, each with a line of help.
pub fn variant_parser() -> impl TypedValueParser<Value = Variant> {
    let values = Variant::ALL.map(|variant| PossibleValue::new(variant.name()).help(help(variant)));
    PossibleValuesParser::new(values)
        .map(|name| Variant::from_name(&name).expect("the parser takes only the games' names"))
}

/// The help line of a game.
fn help(variant: Variant) -> &'static str {
    match variant {
        Variant::Italian => "Dama Italiana (FID rules)",
        Variant::English => "English draughts (checkers)",
        Variant::International => "International draughts (10x10)",
        Variant::Russian => "Russian draughts (shashki, flying kings, free capture choice)",
        Variant::Brazilian => "Brazilian draughts (International rules on the 8x8 board)",
    }
}
