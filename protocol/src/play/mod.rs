//! `dama play`: a game against the engine in the terminal. The board after each move, moves typed
//! in any notation Dama reads (`22-18`, `22x13`, `22x13x6`, `2218`), a clear message with the legal
//! moves for an illegal one, and commands: `moves`, `undo`, `flip`, `skill N`, `time S`,
//! `save FILE`, `new`, `help`, `quit`. Starts from the start position, a FEN or a PDN game.

mod board;

pub use board::board_text;
use clap::{Args, ValueEnum};
use dama_engine::board8::fen::{parse_fen, to_fen};
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::italian::notation::{parse_move, short_notation};
use dama_engine::italian::Italian;
use dama_engine::pdn::{move_number, parse_pdn_games};
use dama_engine::score::score_text;
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::{skill, SearchControl, SearchLimits, Searcher};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Duration;

/// The side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// White (moves first from the start).
    White,
    /// Black.
    Black,
}

/// Arguments of `dama play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Start from this position (PDN FEN) instead of the start.
    #[arg(long, conflicts_with = "pdn")]
    fen: Option<String>,
    /// Resume a game from a PDN file (its last game, or --game N).
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Which game of the PDN file (from 1).
    #[arg(long, requires = "pdn")]
    game: Option<usize>,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = Side::White)]
    color: Side,
    /// The engine's strength, 1 (weakest) to 20 (full strength).
    #[arg(long, default_value_t = MAX_SKILL, value_parser = clap::value_parser!(u8).range(1..=20))]
    skill: u8,
    /// The engine's time per move in seconds.
    #[arg(long, default_value_t = 1.0)]
    movetime: f64,
    /// Save the game to this PDN file when it ends or you quit.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Show the board with the player's side at the top.
    #[arg(long)]
    flip: bool,
}

/// A game in progress.
struct Game {
    start: Position,
    moves: Vec<Move>,
    positions: Vec<Position>,
    history: GameHistory,
}

impl Game {
    fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            positions: vec![start],
            history: GameHistory::new::<Italian>(&start),
        }
    }

    fn current(&self) -> Position {
        *self.positions.last().expect("the start is always there")
    }

    fn play(&mut self, mv: Move) {
        let before = self.current();
        let after = before.play(&mv);
        self.history.push_move::<Italian>(&before, &mv, &after);
        self.moves.push(mv);
        self.positions.push(after);
    }

    /// Takes back the last `n` moves (fewer if the game is shorter); how many were taken back.
    fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.moves.len());
        let keep = self.moves.len() - n;
        let moves: Vec<Move> = self.moves[..keep].to_vec();
        *self = Game::new(self.start);
        for mv in moves {
            self.play(mv);
        }
        n
    }

    /// The result when the game is over: PDN result and the reason.
    fn over(&self) -> Option<(&'static str, String)> {
        let position = self.current();
        if position.legal_moves().is_empty() {
            let (result, winner, loser) = match position.side_to_move() {
                Color::White => ("0-1", "Black", "White"),
                Color::Black => ("1-0", "White", "Black"),
            };
            return Some((result, format!("{winner} wins: {loser} has no move")));
        }
        if self.history.is_draw() {
            let why = if self.history.occurrences_of_current() >= 3 {
                "threefold repetition"
            } else {
                "the 40-move rule"
            };
            return Some(("1/2-1/2", format!("draw by {why}")));
        }
        None
    }

    fn pdn(&self, white: &str, black: &str) -> String {
        let result = self.over().map_or("*", |(r, _)| r);
        let mut text = format!(
            "[Event \"dama play\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[GameType \"22\"]\n"
        );
        if self.start != Position::start() {
            text.push_str(&format!("[FEN \"{}\"]\n", to_fen(&self.start)));
        }
        text.push('\n');
        let mut tokens = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            tokens.extend(move_number(self.start.side_to_move(), i));
            tokens.push(short_notation(&self.positions[i], mv));
        }
        tokens.push(result.to_string());
        text.push_str(&dama_engine::pdn::wrap_movetext(&tokens, 79));
        text
    }
}

const HELP: &str = "Type a move (22-18, 22x13, 22x13x6, 2218) or a command:\n  \
    moves        list the legal moves\n  \
    undo         take back your last move (and the engine's reply)\n  \
    flip         turn the board\n  \
    skill N      the engine's strength, 1-20 (now {skill})\n  \
    time S       the engine's seconds a move (now {time})\n  \
    save FILE    write the game as PDN\n  \
    new          a new game from the same start\n  \
    help         this text\n  \
    quit         end (the game is saved first if --save was given)";

struct Player {
    game: Game,
    human: Color,
    skill: u8,
    movetime: f64,
    flipped: bool,
    searcher: Searcher<Italian>,
    rng: rand::rngs::StdRng,
    save: Option<PathBuf>,
}

impl Player {
    fn names(&self) -> (String, String) {
        let engine = if self.skill < MAX_SKILL {
            format!("Dama (skill {})", self.skill)
        } else {
            "Dama".to_string()
        };
        match self.human {
            Color::White => ("Player".to_string(), engine),
            Color::Black => (engine, "Player".to_string()),
        }
    }

    fn show(&self) {
        say!("{}", board_text(&self.game.current(), self.flipped));
        say!("FEN {}", to_fen(&self.game.current()));
    }

    fn save_to(&self, path: &PathBuf) {
        let (white, black) = self.names();
        match std::fs::write(path, self.game.pdn(&white, &black)) {
            Ok(()) => say!("saved {}", path.display()),
            Err(e) => say!("cannot save '{}': {e}", path.display()),
        }
    }

    /// The engine moves while it is its turn and the game goes on.
    fn engine_moves(&mut self) {
        while self.game.over().is_none() && self.game.current().side_to_move() != self.human {
            let position = self.game.current();
            let limits = SearchLimits::move_time(Duration::from_secs_f64(self.movetime));
            let limits = skill::limit(self.skill, &limits);
            let result = self.searcher.search(
                &position,
                &self.game.history,
                &limits,
                &SearchControl::new(),
                |_| {},
            );
            let chosen = skill::choose(self.skill, &result.lines, rand::Rng::gen(&mut self.rng))
                .or(result.best_move);
            let Some(mv) = chosen else { return };
            say!(
                "Dama plays {}   (score {} for Dama, depth {})",
                short_notation(&position, &mv),
                score_text(result.score),
                result.depth
            );
            self.game.play(mv);
            self.show();
        }
    }

    fn announce_end(&self) -> bool {
        match self.game.over() {
            Some((result, why)) => {
                say!("game over: {result}, {why}");
                true
            }
            None => false,
        }
    }

    /// Handles one line; false to stop.
    fn line(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "quit" | "exit" => return false,
            "help" | "?" => say!(
                "{}",
                HELP.replace("{skill}", &self.skill.to_string())
                    .replace("{time}", &self.movetime.to_string())
            ),
            "moves" => say!("legal moves: {}", legal_list(&self.game.current())),
            "flip" => {
                self.flipped = !self.flipped;
                self.show();
            }
            "undo" => {
                // Back to the player's previous turn: their move and the reply after it.
                let back = if self.game.current().side_to_move() == self.human { 2 } else { 1 };
                let taken = self.game.undo(back);
                if taken == 0 {
                    say!("nothing to take back");
                } else {
                    say!("took back {taken} move{}", if taken == 1 { "" } else { "s" });
                    self.show();
                    self.engine_moves();
                }
            }
            "new" => {
                self.game = Game::new(self.game.start);
                self.searcher.clear();
                say!("new game");
                self.show();
                self.engine_moves();
            }
            "skill" => match rest.parse::<u8>() {
                Ok(n) if (1..=MAX_SKILL).contains(&n) => {
                    self.skill = n;
                    say!("skill {n}");
                }
                _ => say!("skill must be a number from 1 to 20, got '{rest}'"),
            },
            "time" => match rest.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => {
                    self.movetime = t;
                    say!("time {t} s a move");
                }
                _ => say!("time must be a number of seconds from 0 to 3600, got '{rest}'"),
            },
            "save" if rest.is_empty() => say!("save needs a file name"),
            "save" => self.save_to(&PathBuf::from(rest)),
            _ => self.human_move(line),
        }
        true
    }

    fn human_move(&mut self, text: &str) {
        if self.game.over().is_some() {
            say!("the game is over: 'undo', 'new' or 'quit'");
            return;
        }
        let position = self.game.current();
        if position.side_to_move() != self.human {
            say!("it is not your turn");
            return;
        }
        match parse_move(&position, text) {
            Ok(mv) => {
                self.game.play(mv);
                self.show();
                if !self.announce_end() {
                    self.engine_moves();
                    self.announce_end();
                }
            }
            Err(e) => say!(
                "'{}' is not a legal move or a command ({e}); legal moves: {}; 'help' lists the commands",
                dama_engine::excerpt::excerpt(text),
                legal_list(&position)
            ),
        }
    }
}

fn legal_list(position: &Position) -> String {
    let moves: Vec<String> =
        position.legal_moves().iter().map(|m| short_notation(position, m)).collect();
    if moves.is_empty() {
        "none".to_string()
    } else {
        moves.join(" ")
    }
}

/// The game to start from: the start, a FEN, or a PDN game replayed.
fn starting_game(args: &PlayArgs) -> Result<Game, String> {
    if let Some(fen) = &args.fen {
        let position = parse_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
        return Ok(Game::new(position));
    }
    let Some(path) = &args.pdn else { return Ok(Game::new(Position::start())) };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let games = parse_pdn_games(&text);
    if games.is_empty() {
        return Err(format!("'{}' holds no game", path.display()));
    }
    let index = args.game.unwrap_or(games.len());
    let chosen = games
        .get(index.wrapping_sub(1))
        .ok_or(format!("--game {index}: the file has {} games", games.len()))?;
    let pdn = chosen.as_ref().map_err(|e| format!("{}: {e}", path.display()))?;
    let mut game = Game::new(pdn.start);
    for mv in &pdn.moves {
        game.play(*mv);
    }
    Ok(game)
}

/// Runs `dama play`, reading the player's lines from standard input.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    if !(args.movetime.is_finite() && args.movetime > 0.0 && args.movetime <= 3600.0) {
        return Err(format!(
            "--movetime must be a number of seconds from 0 to 3600, got {}",
            args.movetime
        ));
    }
    let game = starting_game(args)?;
    let human = match args.color {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    let mut player = Player {
        game,
        human,
        skill: args.skill,
        movetime: args.movetime,
        flipped: args.flip,
        searcher: Searcher::<Italian>::committed(64, 1).map_err(|e| e.to_string())?,
        rng: rand::SeedableRng::from_entropy(),
        save: args.save.clone(),
    };
    say!(
        "Dama: you play {}; 'help' lists the commands.",
        if human == Color::White { "White" } else { "Black" }
    );
    player.show();
    if !player.announce_end() {
        player.engine_moves();
        player.announce_end();
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        crate::terminal::out_text("> ");
        let Some(Ok(line)) = lines.next() else { break };
        if !player.line(&line) {
            break;
        }
    }
    if let Some(path) = player.save.clone() {
        player.save_to(&path);
    }
    say!("bye");
    Ok(())
}
