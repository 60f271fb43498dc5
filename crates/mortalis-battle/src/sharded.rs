//! A map kept behind several locks, for answers that battles played at
//! once on one table share (sight checks, Move searches, walking fields,
//! slides): each answer is a pure function of its key and the table, so a
//! thread reading another's answer gets exactly what it would have
//! computed. A lock that is full starts afresh; a poisoned lock (a panic
//! elsewhere) only stops the keeping.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

use foldhash::fast::FixedState;

/// Answers by key, spread over `shards` locks of at most `cap` each.
#[derive(Debug)]
pub(crate) struct Sharded<K, V> {
    shards: Vec<Mutex<HashMap<K, V, FixedState>>>,
    cap: usize,
}

impl<K: Hash + Eq, V: Clone> Sharded<K, V> {
    /// An empty map of `shards` locks keeping at most `cap` answers each.
    pub(crate) fn new(shards: usize, cap: usize) -> Self {
        Sharded {
            shards: (0..shards.max(1))
                .map(|_| Mutex::new(HashMap::with_hasher(FixedState::default())))
                .collect(),
            cap,
        }
    }

    /// The lock `key` is kept under, from bits of its hash the lock's own
    /// map leaves alone (its buckets read the low bits, its tags the top
    /// seven).
    fn shard(&self, key: &K) -> &Mutex<HashMap<K, V, FixedState>> {
        let hash = FixedState::default().hash_one(key);
        &self.shards[(hash >> 32) as usize % self.shards.len()]
    }

    /// The answer kept for `key`.
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.shard(key)
            .lock()
            .ok()
            .and_then(|s| s.get(key).cloned())
    }

    /// Keeps `value` for `key` (its lock starting afresh when full).
    pub(crate) fn insert(&self, key: K, value: V) {
        if let Ok(mut s) = self.shard(&key).lock() {
            if s.len() >= self.cap {
                s.clear();
            }
            s.insert(key, value);
        }
    }

    /// The answer for `key`, made by `make` (without a lock held) and
    /// kept the first time.
    pub(crate) fn get_or_make(&self, key: K, make: impl FnOnce() -> V) -> V {
        if let Some(v) = self.get(&key) {
            return v;
        }
        let v = make();
        self.insert(key, v.clone());
        v
    }
}

#[cfg(test)]
mod tests {
    use super::Sharded;

    #[test]
    fn a_full_lock_starts_afresh_and_answers_stay_right() {
        let map: Sharded<u64, u64> = Sharded::new(1, 4);
        for k in 0..10 {
            assert_eq!(map.get_or_make(k, || k * k), k * k);
        }
        // Only the keys since the last fresh start are kept.
        assert_eq!(map.get(&9), Some(81));
        assert_eq!(map.get(&0), None);
        assert_eq!(map.get_or_make(0, || 0), 0);
    }
}
