//! The game as the protocol runs it, on either side: the initiator's game request and the
//! follower's answer, the turns (Dama searches on its own, the other side's moves are checked
//! against the rules), the game end sent instead of a move and answered, take-backs and chat.
//!
//! The rules decide when a game is over: on Dama's turn, with no legal move (it gives up), a
//! draw (repetition, the 25-move rule, the FMJD endgame counts) or the agreed number of moves
//! played, Dama sends the game end instead of a move. An illegal move or a malformed message
//! from the other side ends the game too (the game end first, then a chat saying why: a client
//! that reads two messages arriving together as one still sees the game end).

use super::game::{find_move, move_message, move_text, setup_of, DxpGame, Outcome};
use super::request::playable_start;
use super::search::{spawn, SearchJob};
use super::session::{Role, Running, Session, State};
use dama_book::book_move;
use dama_engine::color::Color;
use dama_engine::international::{International, Move, Position};
use dama_engine::rules::Rules;
use dama_engine::search::{SearchControl, Searcher};
use dama_frontend::dxp::message::{
    ascii_text, AcceptCode, BackCode, BackRequest, EndReason, GameAccept, GameEnd, GameRequest,
    Message, MoveMessage, MAX_LEN, MAX_SECONDS, NAME_WIDTH,
};
use std::sync::Arc;

impl Session<'_> {
    /// Handles one message that reads.
    pub(super) fn on_message(&mut self, message: Message) -> Result<(), String> {
        match (message, self.role) {
            (Message::Chat(text), _) => {
                let from = if self.peer_name.is_empty() {
                    self.link.peer.to_string()
                } else {
                    self.peer_name.clone()
                };
                // Received text is shown printable only (no control characters reach the terminal).
                tell!("dxp: chat from {from}: {}", ascii_text(&text, MAX_LEN));
                Ok(())
            }
            (Message::GameRequest(request), Role::Follower) => self.on_request(request),
            (Message::GameAccept(accept), Role::Initiator(_)) => self.on_accept(accept),
            (Message::Move(m), _) => self.on_move(m),
            (Message::GameEnd(end), _) => self.on_game_end(end),
            (Message::BackRequest(request), _) => self.on_back_request(request),
            (other, _) => {
                self.note(&format!(
                    "ignored an unexpected {} from {}",
                    other.kind(),
                    self.link.peer
                ));
                Ok(())
            }
        }
    }

    /// The initiator proposes the next game (Dama's colour alternating from the first).
    pub(super) fn request_game(&mut self) -> Result<(), String> {
        let Role::Initiator(proposal) = self.role else { return Ok(()) };
        let ours = if self.games_done.is_multiple_of(2) {
            proposal.color
        } else {
            proposal.color.opposite()
        };
        let setup = (proposal.start != International::start()).then(|| setup_of(&proposal.start));
        let request = GameRequest {
            name: self.config.name.clone(),
            follower_color: ours.opposite(),
            minutes: proposal.minutes,
            moves: proposal.moves,
            setup,
        };
        self.link.send(&Message::GameRequest(request))?;
        self.state = State::AwaitAccept(ours);
        self.wait_for_peer("answer to the game request", self.config.patience);
        Ok(())
    }

    fn on_accept(&mut self, accept: GameAccept) -> Result<(), String> {
        let (State::AwaitAccept(ours), Role::Initiator(proposal)) = (self.state, self.role) else {
            self.note("ignored a GAMEACC when no game request was waiting");
            return Ok(());
        };
        self.peer_name = ascii_text(&accept.name, NAME_WIDTH);
        let refusal = match accept.code {
            AcceptCode::Accepted => {
                return self.begin_game(proposal.start, ours, proposal.minutes, proposal.moves);
            }
            AcceptCode::WrongVersion => "code 1: another protocol version",
            AcceptCode::NotThisGame => "code 2: not this game",
            AcceptCode::NoGames => "code 3: no game at all",
        };
        self.state = State::Done;
        Err(format!("{} ({}) refused the game ({refusal})", self.peer_name, self.link.peer))
    }

    /// The follower answers a game request: the game starts, or a refusal says why not. A
    /// request during a game abandons that game, as the protocol allows the initiator.
    fn on_request(&mut self, request: GameRequest) -> Result<(), String> {
        if !self.end_for_request()? {
            return Ok(());
        }
        self.peer_name = ascii_text(&request.name, NAME_WIDTH);
        let start = match playable_start(&request) {
            Ok(start) => start,
            Err(why) => return self.refuse(AcceptCode::NotThisGame, why),
        };
        let accept = GameAccept { name: self.config.name.clone(), code: AcceptCode::Accepted };
        self.link.send(&Message::GameAccept(accept))?;
        self.begin_game(start, request.follower_color, request.minutes, request.moves)
    }

    /// Refuses a game request (the follower), then waits for another; the reason goes to the
    /// other side as a chat after the answer.
    pub(super) fn refuse(&mut self, code: AcceptCode, why: String) -> Result<(), String> {
        if !self.end_for_request()? {
            return Ok(());
        }
        self.note(&why);
        self.link
            .send(&Message::GameAccept(GameAccept { name: self.config.name.clone(), code }))?;
        self.link.send(&Message::Chat(format!("Dama {why}")))?;
        self.state = State::AwaitRequest;
        self.wait_for_peer("game request", self.config.request_timeout);
        Ok(())
    }

    /// A game request arrived: the game under way, if any, is over (abandoned, or ended by the
    /// game end Dama sent). Returns whether Dama may play another; if not, it has said so
    /// (`A...3`) and the connection ends.
    fn end_for_request(&mut self) -> Result<bool, String> {
        if self.game.is_none() {
            return Ok(true);
        }
        self.cancel_search();
        let ending = self.ending.take();
        let (outcome, why) =
            ending.unwrap_or((Outcome::Unknown, "abandoned for a new game request".into()));
        self.finish_game(outcome, why, false)?;
        if self.state != State::Done {
            return Ok(true);
        }
        let no = GameAccept { name: self.config.name.clone(), code: AcceptCode::NoGames };
        self.link.send(&Message::GameAccept(no))?;
        Ok(false)
    }

    fn begin_game(
        &mut self,
        start: Position,
        ours: Color,
        minutes: u16,
        moves: u16,
    ) -> Result<(), String> {
        let number = self.first_number + self.games_done;
        let mut game = DxpGame::new(number, start, ours, minutes, moves);
        game.opponent = self.peer_name.clone();
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.clear();
        }
        self.link.log.note(&format!(
            "game {number}: Dama plays {ours:?} against {}, {minutes} minutes, {moves} moves, from {}",
            game.opponent,
            International::to_fen(&start)
        ));
        self.game = Some(game);
        self.state = State::Playing;
        self.next_turn()
    }

    /// After a move (or at the start): on Dama's turn it ends the game if the rules say it is
    /// over, else it searches; on the other side's turn it waits for its move.
    fn next_turn(&mut self) -> Result<(), String> {
        let Some(game) = &self.game else { return Ok(()) };
        if !game.our_turn() {
            let patience = game.patience_for_opponent(self.config.patience);
            self.wait_for_peer("move", patience);
            return Ok(());
        }
        self.deadline = None;
        if let Some((outcome, why)) = game.verdict() {
            let reason = match outcome {
                Outcome::Win(color) if color == game.ours => EndReason::SenderWins,
                Outcome::Win(_) => EndReason::SenderLoses,
                Outcome::Draw => EndReason::Draw,
                Outcome::Unknown => EndReason::Unknown,
            };
            return self.end_game(reason, outcome, why);
        }
        let book = self.config.book.then(|| book_move::<International>(&game.position));
        if let Some(mv) = book.flatten() {
            return self.send_our_move(mv, "book");
        }
        let tables = &self.config.tables;
        let searcher = match self.searcher.take() {
            Some(mut searcher) => {
                if let Some(more) = tables.refresh::<International>() {
                    searcher.set_endgame_tables(more);
                }
                searcher
            }
            None => {
                let mut searcher = Searcher::new(self.config.hash_mib, self.config.threads)
                    .map_err(|e| format!("cannot make the searcher: {e}"))?;
                searcher.set_endgame_tables(tables.open::<International>().unwrap_or(None));
                searcher
            }
        };
        self.next_search += 1;
        let job = SearchJob {
            id: self.next_search,
            position: game.position,
            history: game.history.clone(),
            limits: game.limits(self.config.movetime, self.config.move_overhead),
        };
        let control = Arc::new(SearchControl::new());
        spawn(searcher, job, Arc::clone(&control), self.sender.clone())?;
        self.search = Some(Running { id: self.next_search, control });
        Ok(())
    }

    /// Dama's search ended: its move is played and sent with the time the turn took.
    pub(super) fn on_search_done(&mut self, done: super::event::SearchDone) -> Result<(), String> {
        if self.search.as_ref().map(|running| running.id) != Some(done.id) {
            self.take_searcher(done);
            return Ok(());
        }
        self.search = None;
        let chosen = self.take_searcher(done);
        let Some(game) = self.game.as_ref().filter(|game| game.our_turn()) else { return Ok(()) };
        let Some((mv, summary)) = chosen.or_else(|| {
            International::legal_moves(&game.position).first().map(|&mv| (mv, String::new()))
        }) else {
            return Ok(());
        };
        self.send_our_move(mv, &summary)
    }

    /// Plays Dama's move (from the search or the book) and sends it with the time the turn took.
    fn send_our_move(&mut self, mv: Move, summary: &str) -> Result<(), String> {
        let Some(game) = self.game.as_mut().filter(|game| game.our_turn()) else { return Ok(()) };
        let seconds = game.turn_time().as_secs_f64().round().min(f64::from(MAX_SECONDS)) as u16;
        let message = move_message(&mv, seconds);
        game.play(mv);
        self.link.log.note(&format!("Dama plays {} ({summary})", move_text(&message)));
        self.link.send(&Message::Move(message))?;
        self.next_turn()
    }

    fn on_move(&mut self, m: MoveMessage) -> Result<(), String> {
        let peer = self.link.peer;
        let Some(game) = self.game.as_mut().filter(|_| self.state == State::Playing) else {
            self.note(&format!("ignored a move from {peer} outside a game: {}", move_text(&m)));
            return Ok(());
        };
        if game.our_turn() {
            let why = format!("{peer} sent a move on Dama's turn: {}", move_text(&m));
            return self.fault(EndReason::Unknown, Outcome::Unknown, why);
        }
        match find_move(&game.position, &m) {
            Ok(mv) => {
                game.play(mv);
                self.next_turn()
            }
            Err(e) => {
                let winner = Outcome::Win(game.ours);
                self.fault(EndReason::SenderWins, winner, format!("illegal move from {peer}: {e}"))
            }
        }
    }

    /// The other side broke the rules or the protocol: Dama ends the game and says why.
    pub(super) fn fault(
        &mut self,
        reason: EndReason,
        outcome: Outcome,
        why: String,
    ) -> Result<(), String> {
        self.note(&why);
        self.end_game(reason, outcome, why.clone())?;
        self.link.send(&Message::Chat(format!("Dama ends the game: {why}")))
    }

    /// Dama ends the game (in place of a move) and waits for the answer.
    fn end_game(&mut self, reason: EndReason, outcome: Outcome, why: String) -> Result<(), String> {
        self.cancel_search();
        let stop = self.last_game();
        self.link.send(&Message::GameEnd(GameEnd { reason, stop }))?;
        self.ending = Some((outcome, why));
        self.state = State::AwaitEndAck;
        self.wait_for_peer("answer to the game end", self.config.patience);
        Ok(())
    }

    /// Whether the game under way is the last Dama plays.
    fn last_game(&self) -> bool {
        self.games_left.is_some_and(|left| left <= 1)
    }

    fn on_game_end(&mut self, end: GameEnd) -> Result<(), String> {
        match self.state {
            State::AwaitEndAck => {
                let (outcome, why) =
                    self.ending.take().unwrap_or((Outcome::Unknown, String::new()));
                self.finish_game(outcome, why, end.stop)
            }
            State::Playing => {
                self.cancel_search();
                let (outcome, why) = self.their_ending(end.reason);
                let answer = GameEnd { reason: EndReason::Unknown, stop: self.last_game() };
                self.link.send(&Message::GameEnd(answer))?;
                self.finish_game(outcome, why, end.stop)
            }
            _ => {
                // A late game end (its game is over already): only its stop code matters.
                if end.stop {
                    self.state = State::Done;
                }
                Ok(())
            }
        }
    }

    /// The result of a game the other side ended: the rules' verdict when the position has one,
    /// else what the other side said.
    fn their_ending(&self, reason: EndReason) -> (Outcome, String) {
        let Some(game) = &self.game else { return (Outcome::Unknown, String::new()) };
        if let Some(verdict) = game.verdict() {
            return verdict;
        }
        let name =
            if self.peer_name.is_empty() { "the other side" } else { self.peer_name.as_str() };
        match reason {
            EndReason::SenderLoses => (Outcome::Win(game.ours), format!("{name} gave up")),
            EndReason::Draw => (Outcome::Draw, format!("{name} claimed a draw")),
            EndReason::SenderWins => {
                (Outcome::Win(game.ours.opposite()), format!("{name} claimed a win"))
            }
            EndReason::Unknown => (Outcome::Unknown, format!("{name} ended the game")),
        }
    }

    /// The game is over on both sides: its result line, then the next game or the end.
    pub(super) fn finish_game(
        &mut self,
        outcome: Outcome,
        why: String,
        peer_stops: bool,
    ) -> Result<(), String> {
        if let Some(game) = self.game.take() {
            self.report(&game, outcome, &why);
        }
        self.games_done += 1;
        if let Some(left) = self.games_left.as_mut() {
            *left = left.saturating_sub(1);
        }
        if peer_stops || self.games_left == Some(0) || self.state == State::Done {
            self.state = State::Done;
            return Ok(());
        }
        match self.role {
            Role::Initiator(_) => self.request_game(),
            Role::Follower => {
                self.state = State::AwaitRequest;
                self.wait_for_peer("game request", self.config.request_timeout);
                Ok(())
            }
        }
    }

    /// Takes moves back when the game has reached the position asked for, else refuses.
    fn on_back_request(&mut self, request: BackRequest) -> Result<(), String> {
        let plies = self
            .game
            .as_ref()
            .filter(|_| self.state == State::Playing)
            .and_then(|g| g.plies_for(&request));
        let Some(plies) = plies else {
            self.note(&format!(
                "refused to go back to move {} ({:?} to move)",
                request.move_number, request.to_move
            ));
            return self.link.send(&Message::BackAccept(BackCode::Refused));
        };
        self.cancel_search();
        if let Some(game) = self.game.as_mut() {
            game.take_back_to(plies);
        }
        self.link
            .log
            .note(&format!("back to move {} ({:?} to move)", request.move_number, request.to_move));
        self.link.send(&Message::BackAccept(BackCode::Accepted))?;
        self.next_turn()
    }
}
