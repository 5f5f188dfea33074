//! `dama egdb slices`: every slice of a game up to N pieces in building order, one line each,
//! with its level and the slices it needs: the plan that `dama egdb build --slice` follows one
//! slice at a time (and the cluster driver, `cluster/`, one level at a time).

use clap::Args;
use dama_egdb::slice_builder::slice_size;
use dama_egdb::{Geometry, Slice, MAX_BUILD_PIECES};
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;

/// Arguments of `dama egdb slices`.
#[derive(Args, Debug)]
pub struct SlicesArgs {
    /// The game: italian, english, international, russian or brazilian (their slices are the same;
    /// the files differ, and International ones hold more positions, on 50 squares).
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Every slice with 2 to this many pieces.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=MAX_BUILD_PIECES as i64))]
    pieces: u32,
}

/// Runs `dama egdb slices`: one line per slice, `level=K pieces=P men=M slice=NAME
/// positions=N needs=A,B,...` (`needs=-` when it needs none), levels numbered from 1 in
/// building order; the slices of one level need only slices of earlier levels.
pub fn run(args: &SlicesArgs) -> Result<(), String> {
    let geometry = Geometry::of(args.variant.table_game());
    let mut level = 0;
    let mut last = None;
    for slice in Slice::build_order(args.pieces) {
        if last != Some(slice.level()) {
            level += 1;
            last = Some(slice.level());
        }
        let needs: Vec<String> = slice.dependencies().iter().map(Slice::to_string).collect();
        let (pieces, men) = slice.level();
        say!(
            "level={level} pieces={pieces} men={men} slice={slice} positions={} needs={}",
            slice_size(slice, geometry),
            if needs.is_empty() { "-".to_string() } else { needs.join(",") }
        );
    }
    Ok(())
}
