//! A query's nodes and links laid over its `Nav`'s: the terrain's corners,
//! climbing points and links are shared, never copied, and a query keeps
//! only what it adds (its start and goal, the corners round the bases, the
//! rings and climbing points round the start) and which shared links it
//! drops (those landing on a base). Indices are those of one list: the
//! shared items first, then the query's own. A node's index is the one it
//! had when each query copied the whole graph; a link's may differ (a
//! dropped link keeps its place), but the links out of a node come in the
//! same order, so a search and its ties are what they were.

use std::ops::{Index, IndexMut};
use std::sync::Arc;

use super::graph::{Link, Node};

/// The nodes of a graph: the shared ones (`0..base`), then the query's
/// own. Nodes 0 and 1 are each query's start and goal, kept apart from
/// the shared list so that a query may set them.
#[derive(Debug, Clone, Default)]
pub(super) struct Nodes {
    shared: Arc<Vec<Node>>,
    ends: Vec<Node>,
    own: Vec<Node>,
}

impl Nodes {
    /// A list of `nodes`, all its own (a graph being built).
    pub(super) fn new(nodes: Vec<Node>) -> Self {
        Nodes {
            own: nodes,
            ..Nodes::default()
        }
    }

    /// How many nodes there are.
    pub(super) fn len(&self) -> usize {
        self.shared.len() + self.own.len()
    }

    /// Adds a node last.
    pub(super) fn push(&mut self, node: Node) {
        self.own.push(node);
    }

    /// The nodes in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Node> {
        (0..self.len()).map(|v| &self[v])
    }

    /// This list for a query: every node shared (copied first if this
    /// list has nodes of its own: [`Nodes::share`] them once beforehand),
    /// room for `room` more of its own.
    pub(super) fn layer(&self, room: usize) -> Self {
        let mut out = self.clone();
        out.share();
        out.own.reserve(room);
        out
    }

    /// Makes every node shared (a graph just built, before its queries).
    pub(super) fn share(&mut self) {
        if !self.own.is_empty() {
            let all: Vec<Node> = self.iter().copied().collect();
            self.ends = all.iter().take(2).copied().collect();
            self.shared = Arc::new(all);
            self.own.clear();
        }
    }

    /// The nodes this list added to the shared ones: the index of the
    /// first, and the nodes in order.
    pub(super) fn own(&self) -> (usize, &[Node]) {
        (self.shared.len(), &self.own)
    }

    /// The shared nodes (all of them after [`Nodes::share`]).
    pub(super) fn shared(&self) -> &[Node] {
        &self.shared
    }
}

impl Index<usize> for Nodes {
    type Output = Node;

    fn index(&self, v: usize) -> &Node {
        let base = self.shared.len();
        if v >= base {
            &self.own[v - base]
        } else if v < self.ends.len() {
            &self.ends[v]
        } else {
            &self.shared[v]
        }
    }
}

impl IndexMut<usize> for Nodes {
    fn index_mut(&mut self, v: usize) -> &mut Node {
        let base = self.shared.len();
        if v >= base {
            &mut self.own[v - base]
        } else if v < self.ends.len() {
            &mut self.ends[v]
        } else {
            &mut Arc::make_mut(&mut self.shared)[v]
        }
    }
}

/// The links of a graph: the shared ones, less those a query drops, then
/// the query's own.
#[derive(Debug, Clone, Default)]
pub(super) struct Links {
    shared: Arc<Vec<Link>>,
    /// The shared links out of each node.
    out: Arc<Adjacency>,
    /// Which shared links are dropped (empty when none is).
    dropped: Vec<bool>,
    own: Vec<Link>,
}

/// The links out of each node, in their order: node `u`'s are
/// `order[start[u]..start[u + 1]]` (none past the end of `start`).
#[derive(Debug, Default)]
struct Adjacency {
    start: Vec<u32>,
    order: Vec<u32>,
}

impl Adjacency {
    fn new(links: &[Link]) -> Self {
        let n = links.iter().map(|l| l.from + 1).max().unwrap_or(0);
        let mut start = vec![0_u32; n + 1];
        for l in links {
            start[l.from + 1] += 1;
        }
        for u in 0..n {
            start[u + 1] += start[u];
        }
        let mut order = vec![0_u32; links.len()];
        let mut fill = start.clone();
        for (k, l) in links.iter().enumerate() {
            order[fill[l.from] as usize] = k as u32;
            fill[l.from] += 1;
        }
        Adjacency { start, order }
    }

    fn of(&self, u: usize) -> &[u32] {
        match (self.start.get(u), self.start.get(u + 1)) {
            (Some(&a), Some(&b)) => &self.order[a as usize..b as usize],
            _ => &[],
        }
    }
}

impl Links {
    /// Adds a link last.
    pub(super) fn push(&mut self, link: Link) {
        self.own.push(link);
    }

    /// Every link kept, in order, with its index.
    pub(super) fn kept(&self) -> impl Iterator<Item = (usize, &Link)> {
        let base = self.shared.len();
        let dropped = &self.dropped;
        self.shared
            .iter()
            .enumerate()
            .filter(move |&(k, _)| !dropped.get(k).copied().unwrap_or(false))
            .chain(self.own.iter().enumerate().map(move |(k, l)| (base + k, l)))
    }

    /// The query's own links by the node they leave, for
    /// [`Links::out_of`]: (node, index), in order.
    #[cfg(test)]
    pub(super) fn own_by_node(&self) -> Vec<(usize, usize)> {
        let mut out = vec![];
        self.own_by_node_into(&mut out);
        out
    }

    /// [`Links::own_by_node`], put in `out` (cleared first), a list a
    /// search keeps for the next.
    pub(super) fn own_by_node_into(&self, out: &mut Vec<(usize, usize)>) {
        let base = self.shared.len();
        out.clear();
        out.extend(self.own.iter().enumerate().map(|(k, l)| (l.from, base + k)));
        out.sort_unstable();
    }

    /// The indices of the links kept out of node `u`, in order (`own`:
    /// [`Links::own_by_node`]).
    pub(super) fn out_of<'s>(
        &'s self,
        u: usize,
        own: &'s [(usize, usize)],
    ) -> impl Iterator<Item = usize> + 's {
        let first = own.partition_point(|&(v, _)| v < u);
        let last = own.partition_point(|&(v, _)| v <= u);
        self.out
            .of(u)
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| !self.dropped.get(k).copied().unwrap_or(false))
            .chain(own[first..last].iter().map(|&(_, k)| k))
    }

    /// Keeps only the links `keep` says yes to (of those kept so far).
    pub(super) fn retain(&mut self, keep: impl Fn(&Link) -> bool) {
        for (k, l) in self.shared.iter().enumerate() {
            if !keep(l) {
                if self.dropped.is_empty() {
                    self.dropped = vec![false; self.shared.len()];
                }
                self.dropped[k] = true;
            }
        }
        self.own.retain(|l| keep(l));
    }

    /// This list for a query: every link kept shared (copied first if
    /// this list has links of its own or dropped: [`Links::share`] them
    /// once beforehand), room for `room` more of its own.
    pub(super) fn layer(&self, room: usize) -> Self {
        let mut out = self.clone();
        out.share();
        out.own.reserve(room);
        out
    }

    /// Makes every link kept shared (a graph just built, before its
    /// queries).
    pub(super) fn share(&mut self) {
        if !self.own.is_empty() || !self.dropped.is_empty() {
            let all: Vec<Link> = self.kept().map(|(_, l)| *l).collect();
            self.out = Arc::new(Adjacency::new(&all));
            self.shared = Arc::new(all);
            self.own.clear();
            self.dropped.clear();
        }
    }
}

impl Index<usize> for Links {
    type Output = Link;

    fn index(&self, k: usize) -> &Link {
        let base = self.shared.len();
        if k >= base {
            &self.own[k - base]
        } else {
            &self.shared[k]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::graph::LinkKind;
    use crate::table::Place;

    fn node(x: f64) -> Node {
        Node {
            at: Place::ground(x, 0.0),
        }
    }

    fn link(from: usize, to: usize) -> Link {
        Link {
            from,
            to,
            step: LinkKind::RoofJump { gap: 1.0 },
        }
    }

    /// A query's list reads as one list: its start and goal set, the
    /// shared nodes, then its own; the shared list is left as it was.
    #[test]
    fn a_querys_nodes_read_as_one_list() {
        let mut built = Nodes::new((0..5).map(|k| node(k as f64)).collect());
        built.share();
        let mut query = built.layer(4);
        query[0] = node(10.0);
        query[1] = node(11.0);
        query.push(node(12.0));
        let xs: Vec<f64> = query.iter().map(|n| n.at.x).collect();
        assert_eq!(xs, [10.0, 11.0, 2.0, 3.0, 4.0, 12.0]);
        let xs: Vec<f64> = built.iter().map(|n| n.at.x).collect();
        assert_eq!(xs, [0.0, 1.0, 2.0, 3.0, 4.0]);
    }

    /// The links out of each node are those of the list a query used to
    /// copy and cut, in the same order: the shared ones it keeps, then its
    /// own (here numbered as `Links` numbers them: a dropped link keeps
    /// its place). A second cut drops more and brings none back.
    #[test]
    fn the_links_out_of_a_node_are_the_copied_lists() {
        let shared = [link(3, 1), link(0, 2), link(3, 4), link(2, 3), link(3, 0)];
        let mut built = Links::default();
        shared.iter().for_each(|&l| built.push(l));
        built.share();
        let mut query = built.layer(4);
        query.retain(|l| l.to != 4);
        query.push(link(3, 6));
        query.push(link(6, 3));
        query.push(link(6, 5));
        query.retain(|l| l.to != 5 && l.to != 0);
        let own = query.own_by_node();
        // What the whole copy, cut, gave: every link kept, by index.
        let copied: Vec<(usize, Link)> = shared
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, l)| l.to != 4 && l.to != 0)
            .chain([(5, link(3, 6)), (6, link(6, 3))])
            .collect();
        for u in 0..8 {
            let want: Vec<usize> = copied
                .iter()
                .filter(|(_, l)| l.from == u)
                .map(|&(k, _)| k)
                .collect();
            let got: Vec<usize> = query.out_of(u, &own).collect();
            assert_eq!(got, want, "node {u}");
            for k in got {
                assert_eq!(query[k].to, copied.iter().find(|c| c.0 == k).unwrap().1.to);
            }
        }
    }
}
