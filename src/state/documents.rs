//! Manifests as `kubectl apply -f` reads them: files, directories (`.yaml`, `.yml`,
//! `.json`; with `recursive`, their subdirectories too), or `-` for stdin; multi-document
//! YAML, JSON objects or streams, and `kind: ...List` objects expanded into their items.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::snapshot::{yaml_documents, YamlStream};

/// One object of a manifest and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// The file (or `<stdin>`).
    pub origin: String,
    /// 1-based position of the document in the file.
    pub index: usize,
    /// 0-based position in a List, when the document is one.
    pub item: Option<usize>,
    pub object: Value,
}

impl Document {
    /// `FILE: document N` or `FILE: document N, item M`, for messages.
    pub fn location(&self) -> String {
        match self.item {
            Some(item) => format!("{}: document {}, item {}", self.origin, self.index, item),
            None => format!("{}: document {}", self.origin, self.index),
        }
    }
}

/// A manifest that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{origin}: document {index}: {message}")]
    Malformed {
        origin: String,
        index: usize,
        message: String,
    },
    #[error("{0}: no manifest files found")]
    Empty(String),
}

/// Every object of every path, in order (a directory's files sorted by name).
pub fn read_documents(paths: &[PathBuf], recursive: bool) -> Result<Vec<Document>, DocumentError> {
    let mut docs = Vec::new();
    for path in paths {
        if path == Path::new("-") {
            let text =
                std::io::read_to_string(std::io::stdin()).map_err(|source| DocumentError::Io {
                    path: "<stdin>".into(),
                    source,
                })?;
            parse("<stdin>", &text, &mut docs)?;
            continue;
        }
        let files = if path.is_dir() {
            let mut files = Vec::new();
            collect_dir(path, recursive, &mut files)?;
            if files.is_empty() {
                return Err(DocumentError::Empty(path.display().to_string()));
            }
            files
        } else {
            vec![path.clone()]
        };
        for file in files {
            let text = std::fs::read_to_string(&file).map_err(|source| DocumentError::Io {
                path: file.display().to_string(),
                source,
            })?;
            parse(&file.display().to_string(), &text, &mut docs)?;
        }
    }
    Ok(docs)
}

fn collect_dir(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) -> Result<(), DocumentError> {
    let io = |source| DocumentError::Io {
        path: dir.display().to_string(),
        source,
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            if recursive {
                collect_dir(&entry, recursive, out)?;
            }
        } else if matches!(
            entry.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml" | "json")
        ) {
            out.push(entry);
        }
    }
    Ok(())
}

/// The objects of one file's text.
pub fn parse(origin: &str, text: &str, out: &mut Vec<Document>) -> Result<(), DocumentError> {
    let malformed = |index: usize, message: String| DocumentError::Malformed {
        origin: origin.to_string(),
        index,
        message,
    };
    let trimmed = text.trim_start();
    let mut objects = Vec::new();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        for (i, doc) in serde_json::Deserializer::from_str(trimmed)
            .into_iter::<Value>()
            .enumerate()
        {
            objects.push((i + 1, doc.map_err(|e| malformed(i + 1, e.to_string()))?));
        }
    } else {
        let mut stream = YamlStream::new(text);
        for (i, doc) in yaml_documents(text).into_iter().enumerate() {
            let value = stream.parse(doc).map_err(|e| malformed(i + 1, e))?;
            if let Some(v) = value.filter(|v| !v.is_null()) {
                objects.push((i + 1, v));
            }
        }
    }
    for (index, object) in objects {
        if !object.is_object() {
            return Err(malformed(index, "not an object".into()));
        }
        let is_list = object["kind"].as_str().is_some_and(|k| k.ends_with("List"))
            && object.get("items").is_some();
        if is_list {
            let items = object["items"]
                .as_array()
                .ok_or_else(|| malformed(index, "items is not a list".into()))?;
            for (i, item) in items.iter().enumerate() {
                out.push(Document {
                    origin: origin.to_string(),
                    index,
                    item: Some(i),
                    object: item.clone(),
                });
            }
        } else {
            out.push(Document {
                origin: origin.to_string(),
                index,
                item: None,
                object,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_streams_json_and_lists() {
        let mut docs = Vec::new();
        parse(
            "a.yaml",
            "kind: A\n---\n# nothing\n---\nkind: List\nitems:\n- kind: B\n- kind: C\n",
            &mut docs,
        )
        .unwrap();
        parse("b.json", r#"{"kind": "D"} {"kind": "E"}"#, &mut docs).unwrap();
        let seen: Vec<(String, &str)> = docs
            .iter()
            .map(|d| (d.location(), d.object["kind"].as_str().unwrap()))
            .collect();
        assert_eq!(
            seen,
            [
                ("a.yaml: document 1".to_string(), "A"),
                ("a.yaml: document 3, item 0".to_string(), "B"),
                ("a.yaml: document 3, item 1".to_string(), "C"),
                ("b.json: document 1".to_string(), "D"),
                ("b.json: document 2".to_string(), "E"),
            ]
        );
        let err = parse("c.yaml", "kind: [", &mut docs).unwrap_err();
        assert!(err.to_string().starts_with("c.yaml: document 1: "), "{err}");
    }
}
