//! A binding's `metadata`: the fields of Kubernetes' `ObjectMeta`, with the same names and
//! JSON shape, its labels and annotations held compactly. A fleet carries one binding per
//! workload, and a `BTreeMap` of one label takes a whole tree node (about 540 bytes); a
//! sorted slice of shared strings takes what its entries need, and equal keys and values
//! (the annotation keys, a policy's applied placement) can point at one copy.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    ManagedFieldsEntry, ObjectMeta, OwnerReference, Time,
};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Reading labels or annotations, whichever map holds them (a binding's [`MetaMap`], a
/// cluster's `BTreeMap`).
pub trait Lookup {
    /// The value of `key`.
    fn lookup(&self, key: &str) -> Option<&str>;
}

impl Lookup for BTreeMap<String, String> {
    fn lookup(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

impl Lookup for MetaMap {
    fn lookup(&self, key: &str) -> Option<&str> {
        self.get(key)
    }
}

/// Labels or annotations: string keys to string values, sorted by key (as a `BTreeMap`
/// iterates and serializes), keys unique.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct MetaMap(Box<[(Arc<str>, Arc<str>)]>);

impl MetaMap {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.position(key).ok().map(|i| &*self.0[i].1)
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.0.iter().map(|(k, v)| (&**k, &**v))
    }

    /// Set `key` to `value`; the value it had, if any.
    pub fn insert(&mut self, key: &str, value: impl Into<Arc<str>>) -> Option<String> {
        let value = value.into();
        let found = self.position(key);
        let mut entries = std::mem::take(&mut self.0).into_vec();
        let old = match found {
            Ok(i) => Some(std::mem::replace(&mut entries[i].1, value).to_string()),
            Err(i) => {
                entries.insert(i, (key.into(), value));
                None
            }
        };
        self.0 = entries.into_boxed_slice();
        old
    }

    /// Let `share` swap each key and value for an equal one (a copy already held).
    pub fn share_with(&mut self, mut share: impl FnMut(&Arc<str>) -> Arc<str>) {
        for (k, v) in self.0.iter_mut() {
            *k = share(k);
            *v = share(v);
        }
    }

    fn position(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| (**k).cmp(key))
    }

    /// From entries in any order; of repeated keys the last wins (as JSON decoders and
    /// `BTreeMap` keep it).
    fn from_entries(mut entries: Vec<(Arc<str>, Arc<str>)>) -> Self {
        // Stable: repeated keys stay in the order given, the last one kept.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut kept: Vec<(Arc<str>, Arc<str>)> = Vec::with_capacity(entries.len());
        for entry in entries {
            match kept.last_mut() {
                Some(last) if last.0 == entry.0 => *last = entry,
                _ => kept.push(entry),
            }
        }
        MetaMap(kept.into_boxed_slice())
    }
}

impl<K: Into<Arc<str>>, V: Into<Arc<str>>> FromIterator<(K, V)> for MetaMap {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        MetaMap::from_entries(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl From<BTreeMap<String, String>> for MetaMap {
    fn from(map: BTreeMap<String, String>) -> Self {
        map.into_iter().collect()
    }
}

impl From<&BTreeMap<String, String>> for MetaMap {
    fn from(map: &BTreeMap<String, String>) -> Self {
        map.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
    }
}

impl<const N: usize> From<[(String, String); N]> for MetaMap {
    fn from(entries: [(String, String); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl fmt::Debug for MetaMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for MetaMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.iter() {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for MetaMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = MetaMap;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of strings to strings")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<MetaMap, A::Error> {
                let mut entries = Vec::with_capacity(access.size_hint().unwrap_or(0));
                while let Some((k, v)) = access.next_entry::<Text, Text>()? {
                    entries.push((k.0, v.0));
                }
                Ok(MetaMap::from_entries(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// A string read straight into its shared form (no intermediate `String` when the
/// decoder can lend the text).
struct Text(Arc<str>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Str;
        impl Visitor<'_> for Str {
            type Value = Text;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Text, E> {
                Ok(Text(Arc::from(s)))
            }
        }
        deserializer.deserialize_str(Str)
    }
}

/// `metadata` of a ResourceBinding or ClusterResourceBinding: `ObjectMeta`'s fields, names
/// and JSON (absent fields left out, in the same order), labels and annotations as
/// [`MetaMap`]s, the fields a binding seldom has boxed (a pointer each, not the value).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<MetaMap>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<Box<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<Box<Time>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finalizers: Option<Box<[String]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<Box<str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<MetaMap>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_fields: Option<Box<[ManagedFieldsEntry]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_references: Option<Box<[OwnerReference]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<Box<str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
}

impl From<ObjectMeta> for BindingMeta {
    fn from(m: ObjectMeta) -> Self {
        BindingMeta {
            annotations: m.annotations.map(MetaMap::from),
            creation_timestamp: m.creation_timestamp,
            deletion_grace_period_seconds: m.deletion_grace_period_seconds.map(Box::new),
            deletion_timestamp: m.deletion_timestamp.map(Box::new),
            finalizers: m.finalizers.map(Vec::into_boxed_slice),
            generate_name: m.generate_name.map(String::into_boxed_str),
            generation: m.generation,
            labels: m.labels.map(MetaMap::from),
            managed_fields: m.managed_fields.map(Vec::into_boxed_slice),
            name: m.name,
            namespace: m.namespace,
            owner_references: m.owner_references.map(Vec::into_boxed_slice),
            resource_version: m.resource_version,
            self_link: m.self_link.map(String::into_boxed_str),
            uid: m.uid,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const META: &str = r#"{"annotations":{"b":"2","a":"1"},"creationTimestamp":"2026-09-22T11:42:30Z","deletionGracePeriodSeconds":30,"deletionTimestamp":"2026-09-22T12:00:00Z","finalizers":["f"],"generateName":"n-","generation":3,"labels":{"x":"y"},"name":"n","namespace":"ns","ownerReferences":[{"apiVersion":"apps/v1","kind":"Deployment","name":"d","uid":"u"}],"resourceVersion":"7","selfLink":"/l","uid":"id"}"#;

    #[test]
    fn reads_and_writes_the_json_object_meta_does() {
        let ours: BindingMeta = serde_json::from_str(META).unwrap();
        let theirs: ObjectMeta = serde_json::from_str(META).unwrap();
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap()
        );
        assert_eq!(BindingMeta::from(theirs), ours);
    }

    #[test]
    fn null_maps_read_as_absent_and_repeated_keys_keep_the_last() {
        let m: BindingMeta =
            serde_json::from_str(r#"{"labels":null,"annotations":{"k":"1","k":"2"}}"#).unwrap();
        assert_eq!(m.labels, None);
        assert_eq!(
            m.annotations.unwrap().iter().collect::<Vec<_>>(),
            [("k", "2")]
        );
    }

    #[test]
    fn inserts_keep_keys_sorted_and_unique() {
        let mut m: MetaMap = [("b".to_string(), "2".to_string())].into();
        assert_eq!(m.insert("c", "4"), None);
        assert_eq!(m.insert("a", "1"), None);
        assert_eq!(m.insert("b", "3"), Some("2".into()));
        assert_eq!(
            m.iter().collect::<Vec<_>>(),
            [("a", "1"), ("b", "3"), ("c", "4")]
        );
        assert_eq!(m.get("b"), Some("3"));
        assert_eq!(m.get("d"), None);
    }
}
