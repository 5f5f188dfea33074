use super::*;

/// A board where every game pair scored one win and one loss.
fn mirrored(mirrors: bool) -> Scoreboard {
    let mut board = Scoreboard::new("25-move rule", mirrors);
    for _ in 0..3 {
        board.tally.add(Outcome::Win);
        board.tally.add(Outcome::Loss);
        board.pairs.add_pair(Outcome::Win, Outcome::Loss);
    }
    board
}

/// Counts game pairs, each its two outcomes.
fn board_of(pairs: &[(Outcome, Outcome)]) -> Scoreboard {
    let mut board = Scoreboard::new("40-move rule", false);
    for &(first, second) in pairs {
        board.tally.add(first);
        board.tally.add(second);
        board.pairs.add_pair(first, second);
    }
    board
}

/// The match of the bug, 0-7-1 with pairs [3,1,0,0,0], reported "every one of the 4 game
/// pairs scored the same": its interval runs below a score of 0 and keeps its upper end
/// (computed by hand in `estimate.rs`).
#[test]
fn a_lopsided_match_reports_its_upper_bound_not_a_false_reason() {
    use Outcome::{Draw, Loss};
    let board = board_of(&[(Loss, Loss), (Loss, Loss), (Draw, Loss), (Loss, Loss)]);
    let summary = board.summary(["a", "b"], None, Duration::from_secs(1));
    let expected = "Score of a vs b: 0 - 7 - 1 (W - L - D) [0.062] 8 games\nElo difference: \
                    -470.4, below -277.2 (95%, pentanomial, 4 pairs: the upper end of the \
                    interval; it has no lower end): the interval of the mean score, 0.062 +/- \
                    0.106, runs below a score of 0, too few pairs for so lopsided a score for \
                    the normal approximation to bound the Elo from below\nGame pairs by \
                    points (0, 1/2, 1, 3/2, 2): [3,1,0,0,0]\n";
    assert!(summary.starts_with(expected), "{summary}");
    assert_eq!(
        board.result_line(None),
        "result games=8 wins=0 draws=1 losses=7 score=0.0625 elo=none elo95=none los=none \
         model=none penta=[3,1,0,0,0] llr=none sprt=none forfeits=0,0 elo_lower=none \
         elo_upper=-277.2"
    );
    assert!(board.progress_message(None).ends_with(" elo <-277.2"));
}

/// With an interval, the line's ends are the interval's.
#[test]
fn the_result_line_gives_the_ends_of_the_interval() {
    use Outcome::{Draw, Loss, Win};
    let board = board_of(&[(Win, Loss), (Win, Draw), (Draw, Draw), (Loss, Draw)]);
    let (e, _) = board.usable_estimate().unwrap();
    let line = board.result_line(None);
    let ends = format!(" elo_lower={:.1} elo_upper={:.1}", e.lower, e.upper);
    assert!(line.ends_with(&ends) && line.contains(" elo=0.0 "), "{line}");
}

/// Each engine's mean time a move is its own moves' time over its own moves, summed over the
/// games; one game without the split (an older shard's) leaves the line out, not wrong.
#[test]
fn each_engines_time_a_move_is_reported_from_its_own_moves() {
    use crate::openings::GameSlot;
    let game = |number: usize, times: Option<[(usize, u64); 2]>| GameScore {
        slot: GameSlot { number, pair: number / 2, opening: 0, first_engine_white: true },
        outcome: Outcome::Draw,
        termination: Termination::MoveCount,
        offender: None,
        engine_moves: 40,
        search_time: Duration::from_millis(4000),
        reported_time: 3.9,
        wall_time: Duration::from_millis(4100),
        engine_time: times
            .map(|t| t.map(|(moves, ms)| EngineTime { moves, search: Duration::from_millis(ms) })),
    };
    let mut board = Scoreboard::new("25-move rule", false);
    board.add_score(&game(0, Some([(20, 1800), (20, 2200)])));
    board.add_score(&game(1, Some([(21, 1900), (19, 2100)])));
    let summary = board.summary(["dama", "scan"], None, Duration::from_secs(9));
    assert!(
        summary.contains(
            "Per move of each engine, go to done: dama 90.24 ms over 41 moves, \
             scan 110.26 ms over 39 moves\n"
        ),
        "{summary}"
    );
    board.add_score(&game(2, None));
    let summary = board.summary(["dama", "scan"], None, Duration::from_secs(9));
    assert!(summary.contains("Per engine move: ") && !summary.contains("each engine"));
}

#[test]
fn the_endings_name_the_games_move_count() {
    let mut board = mirrored(false);
    board.terminations.insert(Termination::MoveCount, 2);
    let summary = board.summary(["a", "b"], None, Duration::from_secs(1));
    assert!(summary.contains("Endings: 25-move rule 2"), "{summary}");
}

/// The decision that stopped the match stands though the games under way then move the LLR
/// back inside the bounds (it is not a monotone walk).
#[test]
fn the_decision_that_stopped_the_match_stands() {
    let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
    let mut board = Scoreboard::new("40-move rule", false);
    let add = |board: &mut Scoreboard, first: Outcome, second: Outcome| {
        board.tally.add(first);
        board.tally.add(second);
        board.pairs.add_pair(first, second);
        board.check_sprt(&sprt)
    };
    let mut stop = None;
    for pair in 0..40 {
        let second = if pair % 3 == 0 { Outcome::Draw } else { Outcome::Win };
        stop = stop.or(add(&mut board, Outcome::Win, second));
        if stop.is_some() {
            break;
        }
    }
    let stop = stop.expect("a run of won pairs accepts H1");
    assert_eq!((stop.decision, stop.games), (SprtDecision::AcceptH1, board.tally.games()));
    assert!(stop.llr >= sprt.upper_bound());
    let summary = board.summary(["a", "b"], Some(&sprt), Duration::from_secs(1));
    assert!(summary.contains(", H1 accepted\n"), "{summary}");
    // Two lost pairs finish after the decision: the LLR falls back, the decision stands.
    assert_eq!(add(&mut board, Outcome::Loss, Outcome::Loss), None);
    assert_eq!(add(&mut board, Outcome::Loss, Outcome::Loss), None);
    assert!(board.llr(&sprt) < sprt.upper_bound());
    let summary = board.summary(["a", "b"], Some(&sprt), Duration::from_secs(1));
    let games = stop.games;
    let expected =
        format!("H1 accepted after {games} games (LLR {:.3}); with the 4 games", stop.llr);
    assert!(summary.contains(&expected), "{summary}");
    assert!(board.result_line(Some(&sprt)).contains(" sprt=H1 "));
}
