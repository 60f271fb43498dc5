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

/// Hashes words one at a time: the one hashing of a [`WordMap`]'s keys.
fn write_words<H: Hasher>(words: &[u64], state: &mut H) {
    for &w in words {
        state.write_u64(w);
    }
}

/// Words borrowed, hashed a word at a time.
struct WordSlice<'a>(&'a [u64]);

impl Hash for WordSlice<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        write_words(self.0, state);
    }
}

/// The hash of the key of `words` in a [`WordMap`], worked out once per
/// question.
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

/// Answers keyed by lists of any number of whole words, spread over locks
/// as [`Sharded`] is. The words of the keys a lock keeps are laid end to
/// end in one list of its own, so keeping an answer copies its words
/// there and allocates nothing of its own (session 40: a list per key was
/// a thousand and more allocations a battle, and as many frees), and a
/// question is looked for by its words, so asking allocates nothing either.
#[derive(Debug)]
pub(crate) struct WordMap<V> {
    shards: Vec<Mutex<WordShard<V>>>,
    cap: usize,
}

/// What one lock of a [`WordMap`] keeps: for each key its hash, where its
/// words start in `words` and how many there are, and its answer.
#[derive(Debug)]
struct WordShard<V> {
    table: HashTable<(u64, usize, usize, V)>,
    words: Vec<u64>,
}

impl<V: Clone> WordMap<V> {
    /// An empty map of `shards` locks keeping at most `cap` answers each.
    pub(crate) fn new(shards: usize, cap: usize) -> Self {
        WordMap {
            shards: (0..shards.max(1))
                .map(|_| {
                    Mutex::new(WordShard {
                        table: HashTable::new(),
                        words: Vec::new(),
                    })
                })
                .collect(),
            cap,
        }
    }

    /// The lock a key of hash `hash` is kept under (as [`Sharded`] picks).
    fn shard(&self, hash: u64) -> &Mutex<WordShard<V>> {
        &self.shards[(hash >> 32) as usize % self.shards.len()]
    }

    /// The answer kept for the key of these `words`, whose hash
    /// ([`hash_words`]) is `h`: found by comparing the words themselves.
    pub(crate) fn get_words(&self, h: u64, words: &[u64]) -> Option<V> {
        let shard = self.shard(h).lock().ok()?;
        let WordShard { table, words: kept } = &*shard;
        table
            .find(h, |&(_, at, len, _)| kept[at..at + len] == *words)
            .map(|(_, _, _, v)| v.clone())
    }

    /// Keeps `value` for the key of these `words`, whose hash is `h` (its
    /// lock starting afresh when full).
    pub(crate) fn insert_words(&self, h: u64, words: &[u64], value: V) {
        let Ok(mut shard) = self.shard(h).lock() else {
            return;
        };
        let WordShard { table, words: kept } = &mut *shard;
        if table.len() >= self.cap {
            table.clear();
            kept.clear();
        }
        match table.find_mut(h, |&(_, at, len, _)| kept[at..at + len] == *words) {
            Some((_, _, _, v)) => *v = value,
            None => {
                let at = kept.len();
                kept.extend_from_slice(words);
                table.insert_unique(h, (h, at, words.len(), value), |&(k, _, _, _)| k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Sharded, WordMap, hash_words};

    /// A word map finds each key by its words alone (keys of the same
    /// words cut differently, or sharing a start, are apart), and a full
    /// lock starts afresh with the right answers.
    #[test]
    fn a_word_map_keeps_each_key_by_its_words() {
        let map: WordMap<u64> = WordMap::new(2, 6);
        let keys: [&[u64]; 6] = [&[], &[7], &[7, 8], &[1, 2, 3, u64::MAX], &[8], &[7, 9]];
        for (n, k) in keys.iter().enumerate() {
            assert_eq!(map.get_words(hash_words(k), k), None);
            map.insert_words(hash_words(k), k, n as u64);
        }
        for (n, k) in keys.iter().enumerate() {
            assert_eq!(map.get_words(hash_words(k), k), Some(n as u64), "{k:?}");
        }
        map.insert_words(hash_words(&[7]), &[7], 70);
        assert_eq!(map.get_words(hash_words(&[7]), &[7]), Some(70));
        // Two keys with the same hash are told apart by their words.
        let clash: WordMap<u64> = WordMap::new(1, 8);
        clash.insert_words(5, &[1], 10);
        clash.insert_words(5, &[2], 20);
        assert_eq!(clash.get_words(5, &[1]), Some(10));
        assert_eq!(clash.get_words(5, &[2]), Some(20));
        assert_eq!(clash.get_words(5, &[3]), None);
        let one: WordMap<u64> = WordMap::new(1, 2);
        for w in 0..5u64 {
            one.insert_words(hash_words(&[w, w]), &[w, w], w * 10);
        }
        assert_eq!(one.get_words(hash_words(&[4, 4]), &[4, 4]), Some(40));
        assert_eq!(one.get_words(hash_words(&[0, 0]), &[0, 0]), None);
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
