//! From a variant to its rules: the one `match` on [`Variant`] that picks a game's type. A front
//! end writes what it does once, generic over [`GameRules`], as a [`WithGame`], and
//! [`dispatch`] runs it under the game named.

use super::GameRules;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::variant::Variant;

/// Something a front end does in any game, written once over the game's rules.
pub trait WithGame {
    /// What it gives back, the same in every game.
    type Output;
    /// Does it under the rules `R`.
    fn with<R: GameRules>(self) -> Self::Output;
}

/// Runs `job` under the rules of `variant`.
pub fn dispatch<W: WithGame>(variant: Variant, job: W) -> W::Output {
    match variant {
        Variant::Italian => job.with::<Italian>(),
        Variant::English => job.with::<English>(),
        Variant::International => job.with::<International>(),
        Variant::Russian => job.with::<Russian>(),
        Variant::Brazilian => job.with::<Brazilian>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct StartFen;

    impl WithGame for StartFen {
        type Output = (Variant, bool);
        fn with<R: GameRules>(self) -> (Variant, bool) {
            (R::VARIANT, R::parse_fen(R::VARIANT.start_fen()) == Ok(R::start()))
        }
    }

    #[test]
    fn every_variant_runs_under_its_own_rules() {
        for variant in Variant::ALL {
            assert_eq!(dispatch(variant, StartFen), (variant, true));
        }
    }
}
