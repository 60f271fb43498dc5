//! A map kept behind several locks, for answers that battles played at
//! once on one table share (sight checks, Move searches, walking fields,
//! slides): each answer is a pure function of its key and the table, so a
//! thread reading another's answer gets exactly what it would have
//! computed. A lock that is full starts afresh; a poisoned lock (a panic
//! elsewhere) only stops the keeping.

use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::Mutex;

use foldhash::fast::FixedState;
use hashbrown::HashTable;

/// Answers by key, spread over `shards` locks of at most `cap` each.
#[derive(Debug)]
pub(crate) struct Sharded<K, V> {
    shards: Vec<Mutex<HashTable<(K, V)>>>,
    cap: usize,
}

/// A key of a few whole words (coordinates' bits and the like), hashed a
/// word at a time: an array's own `Hash` writes its length and then its
/// bytes, a slower path of the hasher (session 33: the hashing of the
/// slides', places' and reads' keys was 4% of a lone battle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Words<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Hash for Words<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for w in self.0 {
            state.write_u64(w);
        }
    }
}

/// A key of any number of whole words, hashed a word at a time as
/// [`Words`] is: kept in a map only when an answer is, and looked for by
/// its words ([`Sharded::get_words`]), so a question asked allocates
/// nothing for its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WordList(Box<[u64]>);

/// Hashes words one at a time: the one hashing of a [`WordList`] and of
/// the words it is looked for by.
fn write_words<H: Hasher>(words: &[u64], state: &mut H) {
    for &w in words {
        state.write_u64(w);
    }
}

impl Hash for WordList {
    fn hash<H: Hasher>(&self, state: &mut H) {
        write_words(&self.0, state);
    }
}

/// Words borrowed, hashed as the [`WordList`] of the same words is.
struct WordSlice<'a>(&'a [u64]);

impl Hash for WordSlice<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        write_words(self.0, state);
    }
}

/// The hash of the [`WordList`] of `words`, worked out once per question.
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    hash(&WordSlice(words))
}

/// A key's hash: it picks the lock and the place in that lock's table,
/// worked out once per question.
fn hash<K: Hash>(key: &K) -> u64 {
    FixedState::default().hash_one(key)
}

impl<K: Hash + Eq, V: Clone> Sharded<K, V> {
    /// An empty map of `shards` locks keeping at most `cap` answers each.
    pub(crate) fn new(shards: usize, cap: usize) -> Self {
        Sharded {
            shards: (0..shards.max(1))
                .map(|_| Mutex::new(HashTable::new()))
                .collect(),
            cap,
        }
    }

    /// The lock a key of hash `hash` is kept under, from bits of the hash
    /// the lock's own table leaves alone (its buckets read the low bits,
    /// its tags the top seven).
    fn shard(&self, hash: u64) -> &Mutex<HashTable<(K, V)>> {
        &self.shards[(hash >> 32) as usize % self.shards.len()]
    }

    /// The answer kept for `key`.
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.get_hashed(hash(key), key)
    }

    fn get_hashed(&self, h: u64, key: &K) -> Option<V> {
        let shard = self.shard(h).lock().ok()?;
        shard.find(h, |(k, _)| k == key).map(|(_, v)| v.clone())
    }

    /// Keeps `value` for `key` (its lock starting afresh when full).
    pub(crate) fn insert(&self, key: K, value: V) {
        self.insert_hashed(hash(&key), key, value);
    }

    fn insert_hashed(&self, h: u64, key: K, value: V) {
        let Ok(mut shard) = self.shard(h).lock() else {
            return;
        };
        if shard.len() >= self.cap {
            shard.clear();
        }
        match shard.find_mut(h, |(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => {
                shard.insert_unique(h, (key, value), |(k, _)| hash(k));
            }
        }
    }

    /// The answer for `key`, made by `make` (without a lock held) and
    /// kept the first time.
    pub(crate) fn get_or_make(&self, key: K, make: impl FnOnce() -> V) -> V {
        let h = hash(&key);
        if let Some(v) = self.get_hashed(h, &key) {
            return v;
        }
        let v = make();
        self.insert_hashed(h, key, v.clone());
        v
    }
}

impl<V: Clone> Sharded<WordList, V> {
    /// The answer kept for the key of these `words`, whose hash
    /// ([`hash_words`]) is `h`: found by comparing the words themselves.
    pub(crate) fn get_words(&self, h: u64, words: &[u64]) -> Option<V> {
        let shard = self.shard(h).lock().ok()?;
        shard
            .find(h, |(k, _)| *k.0 == *words)
            .map(|(_, v)| v.clone())
    }

    /// Keeps `value` for the key of these `words`, whose hash is `h` (the
    /// words copied into a key of their own only here).
    pub(crate) fn insert_words(&self, h: u64, words: &[u64], value: V) {
        self.insert_hashed(h, WordList(words.into()), value);
    }
}

#[cfg(test)]
mod tests {
    use super::{Sharded, WordList, hash, hash_words};

    /// A key kept and the words it is looked for by hash alike, or the
    /// memo would never find what it keeps.
    #[test]
    fn a_word_list_hashes_as_its_words() {
        for words in [&[][..], &[7], &[1, 2, 3, u64::MAX]] {
            assert_eq!(hash(&WordList(words.into())), hash_words(words));
        }
    }

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
