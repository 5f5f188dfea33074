//! `dama hub` for analysis and for players: several best lines (`multipv`) and strength levels
//! (`skill`).

mod hub_support;
mod isolated;

use hub_support::{position_after, Engine, START};

fn engine_ready(params: &[&str]) -> Engine {
    let mut engine = Engine::start(&["--no-book"]);
    for line in params {
        engine.send(line);
    }
    engine.send("init");
    engine.expect("ready");
    engine
}

/// One `info` line of a multi-line search: rank, score, first move.
type RankedLine = (usize, f64, String);

fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split(' ').find_map(|t| t.strip_prefix(name)?.strip_prefix('='))
}

#[test]
fn multipv_reports_each_iterations_lines_in_order_of_score() {
    let start = position_after(START, "");
    let mut engine = engine_ready(&["set-param name=multipv value=3"]);
    engine.send("pos start");
    engine.send("level depth=6");
    engine.send("go think");
    let (infos, done) = engine.expect_search(&start);
    let mut by_depth: Vec<(u32, Vec<RankedLine>)> = Vec::new();
    for line in &infos {
        let depth: u32 = field(line, "depth").unwrap().parse().unwrap();
        let rank: usize = field(line, "multipv").expect("multipv= on every line").parse().unwrap();
        let score: f64 = field(line, "score").unwrap().parse().unwrap();
        let first = line.split("pv=\"").nth(1).unwrap().split([' ', '"']).next().unwrap();
        if by_depth.last().map(|(d, _)| *d) != Some(depth) {
            by_depth.push((depth, Vec::new()));
        }
        by_depth.last_mut().unwrap().1.push((rank, score, first.to_string()));
    }
    assert_eq!(by_depth.len(), 6, "{infos:?}");
    for (depth, lines) in &by_depth {
        let ranks: Vec<usize> = lines.iter().map(|l| l.0).collect();
        assert_eq!(ranks, vec![1, 2, 3], "depth {depth}");
        assert!(lines.windows(2).all(|w| w[0].1 >= w[1].1), "depth {depth}: {lines:?}");
        let mut firsts: Vec<&String> = lines.iter().map(|l| &l.2).collect();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "distinct moves at depth {depth}: {lines:?}");
    }
    let best = &by_depth.last().unwrap().1[0].2;
    assert_eq!(field(&done, "move"), Some(best.as_str()), "done plays line 1");
    assert!(engine.finish().is_empty());
}

#[test]
fn a_single_line_has_no_multipv_field() {
    let start = position_after(START, "");
    let mut engine = engine_ready(&[]);
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    let (infos, _) = engine.expect_search(&start);
    assert!(infos.iter().all(|l| field(l, "multipv").is_none()), "{infos:?}");
    assert!(engine.finish().is_empty());
}

#[test]
fn low_skill_plays_legal_moves_on_a_small_budget_and_varies() {
    // Skill 1: 50 nodes a move, a choice among four lines. Ten searches of one position give
    // legal moves, never more than the budget (plus the few hundred nodes a check may overshoot),
    // and not always the same move.
    let mut engine = engine_ready(&["set-param name=skill value=1"]);
    let position = position_after(START, "22-18 11-15");
    let mut moves = std::collections::BTreeSet::new();
    for _ in 0..10 {
        engine.send("pos start moves=\"22-18 11-15\"");
        engine.send("level depth=30");
        engine.send("go think");
        let (infos, done) = engine.expect_search(&position);
        for info in &infos {
            let nodes: u64 = field(info, "nodes").unwrap().parse().unwrap();
            assert!(nodes < 1_000, "{info}");
        }
        moves.insert(field(&done, "move").unwrap().to_string());
    }
    assert!(moves.len() >= 2, "skill 1 always played {moves:?}");
    assert!(engine.finish().is_empty());
}

#[test]
fn bad_multipv_and_skill_values_are_errors_and_change_nothing() {
    let mut engine = engine_ready(&[]);
    for line in [
        "set-param name=multipv value=0",
        "set-param name=skill value=21",
        "set-param name=skill value=x",
    ] {
        engine.send(line);
        let answer = engine.next();
        assert!(answer.starts_with("error "), "{line}: {answer}");
    }
    engine.send("ping");
    engine.expect("pong");
    assert!(engine.finish().is_empty());
}
