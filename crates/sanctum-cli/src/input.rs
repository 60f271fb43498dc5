//! Reading input files: every file argument goes through [`read`], which
//! refuses files over [`MAX_FILE_BYTES`] and text that is not UTF-8 (naming
//! the line and column of the first bad byte).

use std::io::Read;
use std::path::Path;

/// The largest file read: 4 MiB, far above any real scenario.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads a whole text file of at most [`MAX_FILE_BYTES`]; the error names
/// the file.
pub fn read(path: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{}: the file is larger than the limit of {} MiB",
            path.display(),
            MAX_FILE_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let valid = &bytes[..e.utf8_error().valid_up_to()];
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + String::from_utf8_lossy(&valid[line_start..])
            .chars()
            .count();
        format!(
            "{}: line {line}, column {column}: not valid UTF-8 text",
            path.display()
        )
    })
}
