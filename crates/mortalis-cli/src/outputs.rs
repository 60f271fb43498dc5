//! The files `mortalis battle` writes besides its account: the output paths
//! checked before the battle is played, so that a mistake there costs no
//! battle; the reports and drawings written together, each through a
//! temporary file beside its target; a drawings' folder keeping one
//! battle's rounds.

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use mortalis_rules::Lang;

use crate::Failure;

/// Where a battle's files go: warband A's and B's reports, the drawings'
/// folder.
pub(crate) struct Outputs<'a> {
    pub(crate) reports: [Option<&'a Path>; 2],
    pub(crate) svg: Option<&'a Path>,
}

impl Outputs<'_> {
    /// Checks the paths: the two reports two files (however the paths are
    /// spelt, `./r.toml` and `r.toml` are one), neither a folder, the
    /// drawings' folder a folder, made now when missing (returned then, so
    /// that a failed run can take it away again).
    pub(crate) fn check(&self, lang: Lang) -> Result<Option<PathBuf>, Failure> {
        if let [Some(a), Some(b)] = self.reports
            && target(a) == target(b)
        {
            return Err(Failure::from(anyhow!(
                "--report {}, --report-b {}: {}",
                a.display(),
                b.display(),
                lang.pick(
                    "dwa raporty pod jedną ścieżką (drugi nadpisałby pierwszy)",
                    "two reports at one path (the second would replace the first)"
                )
            )));
        }
        for path in self.reports.into_iter().flatten() {
            if path.is_dir() {
                return Err(io_failure(
                    lang.pick("nie można zapisać", "cannot write"),
                    path,
                    lang.pick("to katalog", "it is a folder"),
                ));
            }
        }
        let Some(dir) = self.svg else {
            return Ok(None);
        };
        if dir.exists() && !dir.is_dir() {
            return Err(Failure::from(anyhow!(
                "--svg {}: {}",
                dir.display(),
                lang.pick(
                    "to nie katalog (rysunki idą do katalogu: round-N.svg, end.svg)",
                    "not a folder (the drawings go into a folder: round-N.svg, end.svg)"
                )
            )));
        }
        let made = !dir.exists();
        std::fs::create_dir_all(dir).map_err(|e| {
            io_failure(
                lang.pick("nie można utworzyć", "cannot create"),
                dir,
                crate::io_pl::reason(&e, lang),
            )
        })?;
        Ok(made.then(|| dir.to_path_buf()))
    }
}

/// A file operation's failure: what could not be done, to which path, why.
fn io_failure(what: &str, path: &Path, why: impl std::fmt::Display) -> Failure {
    Failure::from(anyhow!("{what} {}: {why}", path.display()))
}

/// The file a path writes: through a link to what it points at, and with
/// its folder spelt out (`r.toml` and `./r.toml` are one file); the path as
/// given when neither can be worked out.
fn target(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Writes the files together: each is written under a temporary name
/// beside its target first (through a link, to what it points at; with the
/// permissions the file had), and renamed over it only when every one was
/// written; when one cannot be written none is renamed and the temporary
/// ones are removed. A rename the system refuses after that (it is checked
/// beforehand that no target is a folder) removes the temporary files left
/// and names the file; those renamed before it stay. The error names the
/// file.
pub(crate) fn write_all(files: &[(PathBuf, String)], lang: Lang) -> Result<(), Failure> {
    let cannot = lang.pick("nie można zapisać", "cannot write");
    let targets: Vec<PathBuf> = files.iter().map(|(p, _)| target(p)).collect();
    let temp = |target: &Path| {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
        target.with_file_name(format!(".{}.partial", name.unwrap_or_default()))
    };
    let clean = |from: usize| {
        for t in &targets[from..] {
            let _ = std::fs::remove_file(temp(t));
        }
    };
    for ((path, text), target) in files.iter().zip(&targets) {
        if target.is_dir() {
            clean(0);
            return Err(io_failure(
                cannot,
                path,
                lang.pick("to katalog", "it is a folder"),
            ));
        }
        let t = temp(target);
        let written = std::fs::write(&t, text).and_then(|()| match std::fs::metadata(target) {
            Ok(old) => std::fs::set_permissions(&t, old.permissions()),
            Err(_) => Ok(()),
        });
        if let Err(e) = written {
            clean(0);
            return Err(io_failure(cannot, path, crate::io_pl::reason(&e, lang)));
        }
    }
    for (k, ((path, _), target)) in files.iter().zip(&targets).enumerate() {
        if let Err(e) = std::fs::rename(temp(target), target) {
            clean(k);
            return Err(io_failure(cannot, path, crate::io_pl::reason(&e, lang)));
        }
    }
    Ok(())
}

/// Removes the `round-N.svg` drawings an earlier battle left in `dir` that
/// this one did not draw (it had more rounds), so that the folder shows
/// one battle: only names as this program writes them (`round-7.svg`, not
/// `round-07.svg`); every other file is left alone.
pub(crate) fn remove_stale_drawings(dir: &Path, written: &[(PathBuf, String)]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name
            .strip_prefix("round-")
            .and_then(|n| n.strip_suffix(".svg"))
            .is_some_and(|n| {
                n.bytes().all(|c| c.is_ascii_digit())
                    && n.parse::<u32>().is_ok_and(|r| r.to_string() == n)
            });
        if ours && !written.iter().any(|(p, _)| *p == entry.path()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
