//! The book builder's tree: book positions (keyed by Zobrist key, so transpositions merge) and all
//! their scored moves; scores backed up by negamax; drop-out expansion priorities; the book text.

use crate::format::{format_line, BookLine, BookMove, FEN_PREFIX, START_KEY};
use crate::notation::sort_key;
use dama_engine::italian::Italian;
use dama_engine::movelist::List;
use dama_engine::rules::Rules;
use dama_engine::score::{Score, WIN_BOUND};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

/// A move of a book position.
#[derive(Clone, Debug)]
pub struct Edge<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side playing it: the search's score of the position it leads to, or,
    /// when that position is in the tree, the score backed up from there.
    pub score: Score,
    /// A weight of 0 set by hand: kept when the book is written again.
    pub never: bool,
    /// The key of the position the move leads to.
    child_key: u64,
    /// That position's node, when it is in the tree.
    child: Option<usize>,
    /// The move ends the game (the opponent has no move): nothing to expand.
    terminal: bool,
}

/// A book position with every move scored.
#[derive(Clone, Debug)]
pub struct Node<R: Rules> {
    /// The position.
    pub position: R::Position,
    /// Its moves.
    pub edges: Vec<Edge<R::Move>>,
    /// The best move's score.
    pub value: Score,
}

/// The book being built, of the game `R` (Dama Italiana by default).
#[derive(Clone, Debug)]
pub struct Tree<R: Rules = Italian> {
    nodes: Vec<Node<R>>,
    index: HashMap<u64, usize>,
}

impl<R: Rules> Default for Tree<R> {
    fn default() -> Tree<R> {
        Tree { nodes: Vec::new(), index: HashMap::new() }
    }
}

/// A score seen from the other side, one ply further from a decisive end.
pub fn negate(score: Score) -> Score {
    let s = -score;
    if s > WIN_BOUND {
        s - 1
    } else if s < -WIN_BOUND {
        s + 1
    } else {
        s
    }
}

impl<R: Rules> Tree<R> {
    /// An empty tree.
    pub fn new() -> Tree<R> {
        Tree::default()
    }

    /// The tree of a book file's lines (e.g. to resume a build).
    pub fn from_lines(lines: &[BookLine<R>]) -> Tree<R> {
        let mut tree = Tree::new();
        for line in lines {
            let scored: Vec<(R::Move, Score)> =
                line.moves.iter().map(|m| (m.mv, m.score)).collect();
            let i = tree.add(line.position, &scored);
            for (edge, m) in tree.nodes[i].edges.iter_mut().zip(&line.moves) {
                edge.never = m.weight == 0;
            }
        }
        tree.refresh();
        tree
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The number of moves over all positions.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().map(|n| n.edges.len()).sum()
    }

    /// Whether `position` is in the tree.
    pub fn contains(&self, position: &R::Position) -> bool {
        self.index.contains_key(&R::key(position))
    }

    /// The node of `position`, if it is in the tree.
    pub fn node(&self, position: &R::Position) -> Option<&Node<R>> {
        self.index.get(&R::key(position)).map(|&i| &self.nodes[i])
    }

    /// Adds `position` with its scored moves (for the side to move); returns its index. A position
    /// already in the tree is left as it is. Call [`Tree::refresh`] after a batch of additions.
    pub fn add(&mut self, position: R::Position, scored: &[(R::Move, Score)]) -> usize {
        if let Some(&i) = self.index.get(&R::key(&position)) {
            return i;
        }
        let mut replies = List::new();
        let edges = scored
            .iter()
            .map(|&(mv, score)| {
                let next = R::play(&position, &mv);
                R::generate(&next, &mut replies);
                let terminal = replies.is_empty();
                Edge { mv, score, never: false, child_key: R::key(&next), child: None, terminal }
            })
            .collect();
        self.nodes.push(Node { position, edges, value: 0 });
        self.index.insert(R::key(&position), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// Links every move to the position it reaches when that is in the tree, then backs the
    /// scores up by negamax.
    pub fn refresh(&mut self) {
        for node in &mut self.nodes {
            for edge in &mut node.edges {
                edge.child = self.index.get(&edge.child_key).copied();
            }
        }
        let mut state = vec![Visit::New; self.nodes.len()];
        for i in 0..self.nodes.len() {
            if state[i] == Visit::New {
                self.back_up(i, &mut state);
            }
        }
    }

    /// Negamax from node `i` down (depth-first); a move that closes a cycle keeps its last score.
    fn back_up(&mut self, i: usize, state: &mut [Visit]) {
        state[i] = Visit::Open;
        for e in 0..self.nodes[i].edges.len() {
            if let Some(c) = self.nodes[i].edges[e].child {
                if state[c] == Visit::New {
                    self.back_up(c, state);
                }
                if state[c] == Visit::Done {
                    self.nodes[i].edges[e].score = negate(self.nodes[c].value);
                }
            }
        }
        let node = &mut self.nodes[i];
        node.value = node.edges.iter().map(|e| e.score).max().unwrap_or(0);
        state[i] = Visit::Done;
    }

    /// Drop-out expansion: the `count` positions outside the tree most worth adding next, best
    /// first. A move's priority is the cost of the cheapest path to it from an anchor, where each
    /// move along the path costs `ply_cost` (nothing when it is the only legal move) plus how far
    /// its score falls short of its position's best (in centi-men). Anchors not in the tree are
    /// ignored.
    pub fn frontier(
        &self,
        anchors: &[R::Position],
        ply_cost: Score,
        count: usize,
    ) -> Vec<R::Position> {
        let mut cost = vec![i64::MAX; self.nodes.len()];
        let mut heap = BinaryHeap::new();
        for anchor in anchors {
            if let Some(&i) = self.index.get(&R::key(anchor)) {
                cost[i] = 0;
                heap.push(Reverse((0i64, i)));
            }
        }
        let mut leaves: Vec<(i64, usize, usize)> = Vec::new();
        while let Some(Reverse((c, i))) = heap.pop() {
            if c > cost[i] {
                continue;
            }
            let node = &self.nodes[i];
            // A forced move (a lone capture) costs nothing: it is no choice.
            let step = if node.edges.len() == 1 { 0 } else { i64::from(ply_cost.max(1)) };
            for (e, edge) in node.edges.iter().enumerate() {
                let shortfall = i64::from(node.value.saturating_sub(edge.score)).clamp(0, 10_000);
                let through = c + step + shortfall;
                match edge.child {
                    Some(child) if through < cost[child] => {
                        cost[child] = through;
                        heap.push(Reverse((through, child)));
                    }
                    Some(_) => {}
                    None if !edge.terminal && !edge.never => leaves.push((through, i, e)),
                    None => {}
                }
            }
        }
        leaves.sort_unstable();
        let mut seen = HashSet::new();
        let mut chosen = Vec::new();
        for (_, i, e) in leaves {
            let edge = &self.nodes[i].edges[e];
            if chosen.len() == count {
                break;
            }
            if seen.insert(edge.child_key) {
                chosen.push(R::play(&self.nodes[i].position, &edge.mv));
            }
        }
        chosen
    }

    /// How many positions each node reaches through the tree, itself included.
    fn reach(&self) -> Vec<u32> {
        let mut stamp = vec![usize::MAX; self.nodes.len()];
        let mut stack = Vec::new();
        (0..self.nodes.len())
            .map(|root| {
                let mut count = 0;
                stack.push(root);
                stamp[root] = root;
                while let Some(i) = stack.pop() {
                    count += 1;
                    for c in self.nodes[i].edges.iter().filter_map(|e| e.child) {
                        if stamp[c] != root {
                            stamp[c] = root;
                            stack.push(c);
                        }
                    }
                }
                count
            })
            .collect()
    }

    /// The moves of node `i` as the book lists them: weight = 1 + the number of book positions
    /// reached through the move (0 where set by hand).
    fn book_moves(&self, i: usize, reach: &[u32]) -> Vec<BookMove<R::Move>> {
        let weight = |e: &Edge<R::Move>| match (e.never, e.child) {
            (true, _) => 0,
            (false, Some(c)) => 1 + reach[c],
            (false, None) => 1,
        };
        self.nodes[i]
            .edges
            .iter()
            .map(|e| BookMove { mv: e.mv, score: e.score, weight: weight(e) })
            .collect()
    }

    /// For each node reachable from the start position, the shortest line reaching it (the first
    /// in move order among equals): its key in the book file (the moves' full paths) and the
    /// order of its line among the others (the moves' squares, each move ended by a 0).
    fn lines_from_start(&self) -> Vec<Option<(String, Vec<u8>)>> {
        let mut lines: Vec<Option<(String, Vec<u8>)>> = vec![None; self.nodes.len()];
        let Some(&root) = self.index.get(&R::key(&R::start())) else {
            return lines;
        };
        lines[root] = Some((String::new(), Vec::new()));
        let mut queue = VecDeque::from([root]);
        while let Some(i) = queue.pop_front() {
            let paths = R::paths(&self.nodes[i].position);
            let mut edges: Vec<(Vec<u8>, &Edge<R::Move>)> = self.nodes[i]
                .edges
                .iter()
                .filter_map(|e| paths.iter().find(|p| p.mv == e.mv).map(|p| (sort_key(p), e)))
                .collect();
            edges.sort_by(|a, b| a.0.cmp(&b.0));
            for (order, edge) in edges {
                if let Some(c) = edge.child.filter(|&c| lines[c].is_none()) {
                    let (key, line) = lines[i].as_ref().expect("queued nodes have a line");
                    let path = paths.iter().find(|p| p.mv == edge.mv).expect("a legal move");
                    let key =
                        if key.is_empty() { path.path() } else { format!("{key} {}", path.path()) };
                    let mut line = line.clone();
                    line.extend(order);
                    line.push(0);
                    lines[c] = Some((key, line));
                    queue.push_back(c);
                }
            }
        }
        lines
    }

    /// The book file: `header` lines (written as comments), then one line per position, sorted
    /// by the moves that reach it (positions not reached from the start last, keyed by FEN).
    pub fn to_text(&self, header: &[String]) -> String {
        let reach = self.reach();
        let mut rows: Vec<(Vec<u8>, String)> = self
            .lines_from_start()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !self.nodes[*i].edges.is_empty()) // a line needs a move
            .map(|(i, line)| {
                let position = &self.nodes[i].position;
                let (order, key) = match line {
                    Some((key, order)) if key.is_empty() => (order, START_KEY.to_string()),
                    Some((key, order)) => (order, key),
                    None => {
                        let fen = R::to_fen(position);
                        (
                            [255u8].into_iter().chain(fen.bytes()).collect(),
                            FEN_PREFIX.to_string() + &fen,
                        )
                    }
                };
                (order, format_line(&key, &R::paths(position), &self.book_moves(i, &reach)))
            })
            .collect();
        rows.sort();
        let mut text: String = header.iter().map(|h| format!("# {h}\n")).collect();
        for (_, row) in rows {
            text.push_str(&row);
            text.push('\n');
        }
        text
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    New,
    Open,
    Done,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_book;
    use dama_engine::board8::position::Position;
    use dama_engine::international::International;

    /// A position's moves in square order with these scores.
    fn scored<R: Rules>(position: &R::Position, scores: &[Score]) -> Vec<(R::Move, Score)> {
        let mut paths = R::paths(position);
        paths.sort_by_key(sort_key);
        paths.into_iter().map(|p| p.mv).zip(scores.iter().copied()).collect()
    }

    #[test]
    fn scores_back_up_by_negamax_and_the_text_reads_back() {
        let start = Position::start();
        let mut tree = Tree::<Italian>::new();
        tree.add(start, &scored::<Italian>(&start, &[0, 1, 2, 3, 4, 5, 6]));
        let child = start.play(&scored::<Italian>(&start, &[0; 7])[6].0);
        tree.add(child, &scored::<Italian>(&child, &[-3, 2, -1, 0, 1, 0, -2]));
        tree.refresh();
        assert_eq!(tree.node(&start).unwrap().value, 5, "24-20 now scores -2: 23-20 is best");
        let text = tree.to_text(&["test".to_string()]);
        assert!(text.starts_with("# test\nstart | 23-20 +5 1 ;"), "{text}");
        assert!(text.contains("24-20 -2 2"), "weight 1 + one position reached: {text}");
        let again = Tree::from_lines(&parse_book::<Italian>(&text).unwrap());
        assert_eq!(again.to_text(&["test".to_string()]), text);
    }

    #[test]
    fn frontier_prefers_the_best_lines() {
        let start = Position::start();
        let mut tree = Tree::<Italian>::new();
        tree.add(start, &scored::<Italian>(&start, &[0, -50, 3, 2, -90, 1, 0]));
        tree.refresh();
        let moves = scored::<Italian>(&start, &[0; 7]);
        let after = |i: usize| start.play(&moves[i].0);
        assert_eq!(tree.frontier(&[start], 10, 3), [after(2), after(3), after(5)]);
    }

    #[test]
    fn an_international_tree_writes_international_lines() {
        let start = International::start();
        let mut tree = Tree::<International>::new();
        tree.add(start, &scored::<International>(&start, &[0, 1, 2, 9, 4, 5, 6, 7, 8]));
        let moves = scored::<International>(&start, &[0; 9]);
        let child = International::play(&start, &moves[3].0);
        let replies: Vec<Score> = (0..9).map(|i| -i).collect();
        tree.add(child, &scored::<International>(&child, &replies));
        tree.refresh();
        let text = tree.to_text(&[]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("start | 35-30 +8 1 ; 34-30 +7 1 ;"), "{text}");
        assert!(lines[0].contains("32-28 +0 2"), "backed up from 32-28's reply: {text}");
        assert!(lines[1].starts_with("32-28 | 16-21 +0 1 ; 17-21 -1 1"), "{text}");
        let again = Tree::from_lines(&parse_book::<International>(&text).unwrap());
        assert_eq!(again.to_text(&[]), text);
    }
}
