//! Kubernetes name syntax: qualified names (label and taint keys), label values and DNS
//! subdomains, as the API server validates them.

/// `[prefix/]name`: prefix a DNS subdomain, name 1 to 63 label characters.
pub fn is_qualified_name(s: &str) -> bool {
    let (prefix, name) = match s.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, s),
    };
    prefix.is_none_or(is_dns_subdomain) && name.len() <= 63 && is_name_token(name)
}

/// A label value: empty, or at most 63 label characters.
pub fn is_label_value(s: &str) -> bool {
    s.is_empty() || (s.len() <= 63 && is_name_token(s))
}

/// Alphanumerics, `-`, `_` and `.`, with an alphanumeric at both ends (no length limit).
pub fn is_name_token(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// Dot-separated DNS labels (lower-case alphanumerics and `-`), at most 253 characters
/// in all (as the API server checks it, the labels themselves have no length limit).
pub fn is_dns_subdomain(s: &str) -> bool {
    !s.is_empty() && s.len() <= 253 && s.split('.').all(is_dns_label)
}

fn is_dns_label(s: &str) -> bool {
    let b = s.as_bytes();
    let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && b.first().is_some_and(edge)
        && b.last().is_some_and(edge)
        && b.iter().all(|c| edge(c) || *c == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_qualified_name("example.com/key_1.x"));
        assert!(is_qualified_name(&"k".repeat(63)));
        assert!(!is_qualified_name(&"k".repeat(64)));
        assert!(!is_qualified_name("Example.com/k"));
        assert!(!is_qualified_name("/k"));
        assert!(!is_qualified_name("k_"));
        assert!(is_label_value(""));
        assert!(!is_label_value("-v"));
        assert!(is_dns_subdomain("a-b.c"));
        assert!(!is_dns_subdomain("a..b"));
    }
}
