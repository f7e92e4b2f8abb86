//! The shape of the policy specs as the two halves of a real control plane see it: the
//! Go structs the karmada-webhook decodes (field, Go holding, `omitempty`) and the
//! OpenAPI schema the kube-apiserver enforces from the CRDs (defaults, enums, minimums,
//! lengths, required fields).
//!
//! Written by hand on purpose: reproducing upstream's exact decisions (which value Go
//! drops when it re-encodes a mutated object, which field the server defaults or
//! rejects) is the point, and the CRD files may not ship with the tool. A test checks
//! this table against upstream's CRDs when `../shared/karmada/crds` is present.

pub mod go_json;
pub mod structural;

/// The kind of a value.
#[derive(Clone, Copy, Debug)]
pub enum Ty {
    Str,
    Int,
    Bool,
    /// `map[string]string`.
    Map,
    List(&'static Ty),
    Obj(&'static [Field]),
}

/// How the Go struct holds a field, which decides what its JSON encoding emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// No `omitempty` (or a non-pointer struct, which Go never omits): always emitted,
    /// as the zero value (or `null` for a nil slice) when unset.
    Always,
    /// `omitempty`: left out when zero, empty or nil.
    OmitEmpty,
    /// A pointer with `omitempty`: left out only when nil.
    Pointer,
}

/// A schema default.
#[derive(Clone, Copy, Debug)]
pub enum Default {
    Str(&'static str),
    Int(i64),
}

/// One field of a struct, with the CRD's rules for it.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: Ty,
    pub hold: Hold,
    pub required: bool,
    pub default: Option<Default>,
    pub enumeration: &'static [&'static str],
    pub minimum: Option<i64>,
    pub min_length: Option<usize>,
    pub max_length: Option<usize>,
    pub min_items: Option<usize>,
    /// The first release whose CRD has the field (older releases drop it on decode).
    pub since: ApiRelease,
    /// Enum values older releases still accept, and the last release that does.
    pub retired: Option<(&'static [&'static str], ApiRelease)>,
}

/// The release of Karmada's policy API a schema is read at: fields and enum values came
/// and went with minor releases (read from the CRDs of each release tag of
/// karmada-io/karmada with `git show TAG:charts/karmada/_crds/bases/policy/…`):
/// `workloadAffinity` from v1.17, `clusterAffinities[].overflowAffinities` from v1.18,
/// the application purge modes `Immediately`/`Graciously` until v1.18. The CRDs of
/// v1.15.0 to v1.16.8 are otherwise alike, and so are those of v1.19.0-rc.0 and master.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ApiRelease(u16);

impl ApiRelease {
    /// Every field and value the tool knows: master's CRDs.
    pub const NEWEST: ApiRelease = ApiRelease(u16::MAX);
    /// Before any release the tool knows.
    pub const OLDEST: ApiRelease = ApiRelease(0);

    /// The API of `v1.MINOR.x`.
    pub const fn minor(minor: u16) -> ApiRelease {
        ApiRelease(minor)
    }
}

impl std::default::Default for ApiRelease {
    fn default() -> Self {
        ApiRelease::NEWEST
    }
}

const fn f(name: &'static str, ty: Ty, hold: Hold) -> Field {
    Field {
        name,
        ty,
        hold,
        required: false,
        default: None,
        enumeration: &[],
        minimum: None,
        min_length: None,
        max_length: None,
        min_items: None,
        since: ApiRelease::OLDEST,
        retired: None,
    }
}

impl Field {
    const fn required(self) -> Field {
        Field {
            required: true,
            ..self
        }
    }
    const fn default(self, d: Default) -> Field {
        Field {
            default: Some(d),
            ..self
        }
    }
    const fn one_of(self, values: &'static [&'static str]) -> Field {
        Field {
            enumeration: values,
            ..self
        }
    }
    const fn since(self, release: ApiRelease) -> Field {
        Field {
            since: release,
            ..self
        }
    }
    const fn retired_after(self, values: &'static [&'static str], last: ApiRelease) -> Field {
        Field {
            retired: Some((values, last)),
            ..self
        }
    }

    /// Whether the CRD of release `at` has the field.
    pub fn known_at(&self, at: ApiRelease) -> bool {
        at >= self.since
    }

    /// The enum values release `at` accepts (empty: any), in the CRD's order.
    pub fn values_at(&self, at: ApiRelease) -> Vec<&'static str> {
        let mut values = self.enumeration.to_vec();
        if let Some((old, _)) = self.retired.filter(|(_, last)| at <= *last) {
            values.extend_from_slice(old);
        }
        values
    }
}

use Hold::{Always, OmitEmpty, Pointer};
use Ty::{Bool, Int, List, Map, Obj, Str};

const STRINGS: Ty = Str;

const LABEL_REQUIREMENT: &[Field] = &[
    f("key", Str, Always).required(),
    f("operator", Str, Always).required(),
    f("values", List(&STRINGS), OmitEmpty),
];
const LABEL_SELECTOR: &[Field] = &[
    f("matchLabels", Map, OmitEmpty),
    f("matchExpressions", List(&Obj(LABEL_REQUIREMENT)), OmitEmpty),
];
/// `FieldSelector`.
pub const FIELD_SELECTOR: &[Field] = &[f(
    "matchExpressions",
    List(&Obj(LABEL_REQUIREMENT)),
    OmitEmpty,
)];

/// `ClusterAffinity` (also inlined in affinity terms and overflow affinities).
pub const CLUSTER_AFFINITY: &[Field] = &[
    f("labelSelector", Obj(LABEL_SELECTOR), Pointer),
    f("fieldSelector", Obj(FIELD_SELECTOR), Pointer),
    f("clusterNames", List(&STRINGS), OmitEmpty),
    f("exclude", List(&STRINGS), OmitEmpty),
];
const AFFINITY_NAME: Field = Field {
    min_length: Some(1),
    max_length: Some(32),
    ..f("affinityName", Str, Always).required()
};
/// `OverflowClusterAffinity`.
pub const OVERFLOW_AFFINITY: &[Field] = &[
    AFFINITY_NAME,
    CLUSTER_AFFINITY[0],
    CLUSTER_AFFINITY[1],
    CLUSTER_AFFINITY[2],
    CLUSTER_AFFINITY[3],
];
/// `ClusterAffinityTerm`.
pub const AFFINITY_TERM: &[Field] = &[
    AFFINITY_NAME,
    CLUSTER_AFFINITY[0],
    CLUSTER_AFFINITY[1],
    CLUSTER_AFFINITY[2],
    CLUSTER_AFFINITY[3],
    f(
        "overflowAffinities",
        List(&Obj(OVERFLOW_AFFINITY)),
        OmitEmpty,
    )
    .since(ApiRelease::minor(18)),
];
const TOLERATION: &[Field] = &[
    f("key", Str, OmitEmpty),
    f("operator", Str, OmitEmpty),
    f("value", Str, OmitEmpty),
    f("effect", Str, OmitEmpty),
    f("tolerationSeconds", Int, Pointer),
];
/// `SpreadConstraint`.
pub const SPREAD_CONSTRAINT: &[Field] = &[
    f("spreadByField", Str, OmitEmpty).one_of(&["cluster", "region", "zone", "provider"]),
    f("spreadByLabel", Str, OmitEmpty),
    f("maxGroups", Int, OmitEmpty),
    f("minGroups", Int, OmitEmpty),
];
const STATIC_WEIGHT: &[Field] = &[
    f("targetCluster", Obj(CLUSTER_AFFINITY), Always).required(),
    Field {
        minimum: Some(1),
        ..f("weight", Int, Always).required()
    },
];
const WEIGHT_PREFERENCE: &[Field] = &[
    f("staticWeightList", List(&Obj(STATIC_WEIGHT)), OmitEmpty),
    f("dynamicWeight", Str, OmitEmpty).one_of(&["AvailableReplicas"]),
];
const REPLICA_SCHEDULING: &[Field] = &[
    f("replicaSchedulingType", Str, OmitEmpty)
        .one_of(&["Duplicated", "Divided"])
        .default(Default::Str("Divided")),
    f("replicaDivisionPreference", Str, OmitEmpty).one_of(&["Aggregated", "Weighted"]),
    f("weightPreference", Obj(WEIGHT_PREFERENCE), Pointer),
];
const WORKLOAD_AFFINITY_TERM: &[Field] = &[f("groupByLabelKey", Str, Always).required()];
/// `WorkloadAffinity`.
pub const WORKLOAD_AFFINITY: &[Field] = &[
    f("affinity", Obj(WORKLOAD_AFFINITY_TERM), Pointer),
    f("antiAffinity", Obj(WORKLOAD_AFFINITY_TERM), Pointer),
];
/// `Placement`.
pub const PLACEMENT: &[Field] = &[
    f("clusterAffinity", Obj(CLUSTER_AFFINITY), Pointer),
    f("clusterAffinities", List(&Obj(AFFINITY_TERM)), OmitEmpty),
    f("clusterTolerations", List(&Obj(TOLERATION)), OmitEmpty),
    f(
        "spreadConstraints",
        List(&Obj(SPREAD_CONSTRAINT)),
        OmitEmpty,
    ),
    f("replicaScheduling", Obj(REPLICA_SCHEDULING), Pointer),
    f("workloadAffinity", Obj(WORKLOAD_AFFINITY), Pointer).since(ApiRelease::minor(17)),
];
const STATE_RULE: &[Field] = &[
    f("aliasLabelName", Str, Always).required(),
    f("jsonPath", Str, Always).required(),
];
const STATE_PRESERVATION: &[Field] = &[f("rules", List(&Obj(STATE_RULE)), Always).required()];
const DECISION_CONDITIONS: &[Field] =
    &[f("tolerationSeconds", Int, Pointer).default(Default::Int(300))];
const APPLICATION_FAILOVER: &[Field] = &[
    f("decisionConditions", Obj(DECISION_CONDITIONS), Always).required(),
    f("purgeMode", Str, OmitEmpty)
        .one_of(&["Directly", "Gracefully", "Never"])
        .retired_after(&["Immediately", "Graciously"], ApiRelease::minor(18))
        .default(Default::Str("Gracefully")),
    f("gracePeriodSeconds", Int, Pointer),
    f("statePreservation", Obj(STATE_PRESERVATION), Pointer),
];
const CLUSTER_FAILOVER: &[Field] = &[
    f("purgeMode", Str, OmitEmpty)
        .one_of(&["Directly", "Gracefully"])
        .default(Default::Str("Gracefully")),
    f("statePreservation", Obj(STATE_PRESERVATION), Pointer),
];
const FAILOVER: &[Field] = &[
    f("application", Obj(APPLICATION_FAILOVER), Pointer),
    f("cluster", Obj(CLUSTER_FAILOVER), Pointer),
];
/// `ResourceSelector`.
pub const RESOURCE_SELECTOR: &[Field] = &[
    f("apiVersion", Str, Always).required(),
    f("kind", Str, Always).required(),
    f("namespace", Str, OmitEmpty),
    f("name", Str, OmitEmpty),
    f("labelSelector", Obj(LABEL_SELECTOR), Pointer),
];
const SUSPEND_CLUSTERS: &[Field] = &[f("clusterNames", List(&STRINGS), OmitEmpty)];
/// `Suspension`.
pub const SUSPENSION: &[Field] = &[
    f("dispatching", Bool, Pointer),
    f("dispatchingOnClusters", Obj(SUSPEND_CLUSTERS), Pointer),
];
const SCHEDULE_PRIORITY: &[Field] = &[
    f("priorityClassSource", Str, Always)
        .required()
        .one_of(&["KubePriorityClass"]),
    f("priorityClassName", Str, Always).required(),
];

/// `PropagationSpec`, the spec of PropagationPolicy and ClusterPropagationPolicy.
pub const PROPAGATION_SPEC: &[Field] = &[
    Field {
        min_items: Some(1),
        ..f("resourceSelectors", List(&Obj(RESOURCE_SELECTOR)), Always).required()
    },
    f("association", Bool, OmitEmpty),
    f("propagateDeps", Bool, OmitEmpty),
    f("placement", Obj(PLACEMENT), Always),
    f("priority", Int, Pointer).default(Default::Int(0)),
    f("preemption", Str, OmitEmpty)
        .one_of(&["Always", "Never"])
        .default(Default::Str("Never")),
    f("dependentOverrides", List(&STRINGS), OmitEmpty),
    f("schedulerName", Str, OmitEmpty).default(Default::Str("default-scheduler")),
    f("failover", Obj(FAILOVER), Pointer),
    f("conflictResolution", Str, OmitEmpty)
        .one_of(&["Abort", "Overwrite"])
        .default(Default::Str("Abort")),
    f("activationPreference", Str, OmitEmpty).one_of(&["Lazy"]),
    f("suspension", Obj(SUSPENSION), Pointer),
    f("preserveResourcesOnDeletion", Bool, Pointer),
    f("schedulePriority", Obj(SCHEDULE_PRIORITY), Pointer),
];

const MATCH_CONDITION: &[Field] = &[
    f("conditionType", Str, Always).required(),
    f("operator", Str, Always).required(),
    f("statusValues", List(&STRINGS), Always).required(),
];
const POLICY_TAINT: &[Field] = &[
    f("key", Str, Always).required(),
    f("effect", Str, Always).required(),
    f("value", Str, OmitEmpty),
];

/// `ClusterTaintPolicySpec`.
pub const TAINT_POLICY_SPEC: &[Field] = &[
    f("targetClusters", Obj(CLUSTER_AFFINITY), Pointer),
    f("addOnConditions", List(&Obj(MATCH_CONDITION)), OmitEmpty),
    f("removeOnConditions", List(&Obj(MATCH_CONDITION)), OmitEmpty),
    Field {
        min_items: Some(1),
        ..f("taints", List(&Obj(POLICY_TAINT)), Always).required()
    },
];

/// The field named `name` of a struct.
pub fn field(fields: &'static [Field], name: &str) -> Option<&'static Field> {
    fields.iter().find(|f| f.name == name)
}
