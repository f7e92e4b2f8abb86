
use builtin;
use str;

set edit:completion:arg-completer[karmadactl] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'karmadactl'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'karmadactl'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand taint 'Add, change or remove taints on member clusters'
            cand cordon 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
            cand uncordon 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
            cand dry-run 'Simulate a cluster failure: what would be evicted, when, and where it would go'
            cand policy 'Explain failover decisions for a binding or a ClusterTaintPolicy'
            cand drain 'Drain clusters for maintenance: cordon, then evict every binding that can move'
            cand evictions 'List graceful evictions and where they stand, take them back, confirm, extend or prune them'
            cand failback 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there'
            cand failover 'Cluster failover as a whole: `failover doctor` checks whether it would happen'
            cand maintenance 'Take clusters out for maintenance in waves: `maintenance plan` says what each wave moves where and whether it fits'
            cand history 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first'
            cand snapshot 'Capture the live fleet (clusters, bindings, policies) into a snapshot file'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;taint'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand --overwrite 'Replace the value of a taint whose key and effect already exist'
            cand --allow-pending 'Add an evicting taint even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a taint is refused'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;cordon'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;uncordon'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;dry-run'= {
            cand --cluster 'Clusters that get the taint (repeatable). Without --cluster or -l, only the taints clusters already carry are simulated'
            cand -l 'Clusters matching this label selector get the taint'
            cand --selector 'Clusters matching this label selector get the taint'
            cand --taint 'The taint to add (default: cluster.karmada.io/not-ready:NoExecute, what the controllers add to a NotReady cluster)'
            cand --at 'Look at the state this long after now (e.g. 10m) or at this RFC 3339 time'
            cand --recover-after 'The tainted clusters recover this long after now (or at this time): evictions the queue has not processed by then are dropped. With --outage: the members answer again this long after they stopped (or at this time)'
            cand --outage 'Members that stop answering (repeatable): the timeline from the failure, through Ready, the taints and the evictions, to where the replicas go'
            cand --outage-mode 'How they fail: refused (their API server is down), frozen (they never answer), agent-down (Pull clusters: karmada-agent or its link is down)'
            cand --outage-at 'When they stop answering: this long after the reference time, or this RFC 3339 time, earlier ones included (default: the reference time)'
            cand --compare-version 'Run the scenario under this Karmada release too and show what differs: the pairs whose verdict or eviction time changes, the bindings that land elsewhere'
            cand --app-unhealthy 'A workload turns Unhealthy (repeatable): BINDING@CLUSTER[,CLUSTER...], BINDING as rb/NAMESPACE/NAME, crb/NAME or KIND/NAMESPACE/NAME. Shows whether application failover (spec.failover.application) evicts it, when, the task and where the replicas go; with --cluster or -l, the taint''s evictions come first where they do'
            cand --unhealthy-since 'When those workloads turned Unhealthy: this long ago (e.g. 20s) or at this RFC 3339 time (default: the reference time)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --health-interpreted 'The workloads'' kind gets its health interpretation from a ResourceInterpreterCustomization or an interpreter webhook (Karmada''s built-in interpreters cover Deployments, StatefulSets and a few more)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;policy'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand explain 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
            cand apply 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
            cand evaluate-taints 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;policy;explain'= {
            cand -n 'Namespace of a workload or ResourceBinding'
            cand --namespace 'Namespace of a workload or ResourceBinding'
            cand --cluster 'Only this cluster of the placement'
            cand --outage 'What happens to the binding when this cluster of its placement stops answering: when Ready changes, which taint lands, when the binding is evicted, where it goes, and when its old copy is removed (the timeline of `dry-run --outage`)'
            cand --outage-mode 'How it fails: refused, frozen, or agent-down (Pull clusters)'
            cand --outage-at 'When it stops answering: this long after the reference time, or this RFC 3339 time (default: the reference time)'
            cand --recover-after 'With --outage: it answers again this long after it stopped (or at this time)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;policy;apply'= {
            cand -f 'Manifest file, directory, or - for stdin (repeatable)'
            cand --filename 'Manifest file, directory, or - for stdin (repeatable)'
            cand -n 'Namespace of PropagationPolicies that name none (default: default); a document in another namespace is an error'
            cand --namespace 'Namespace of PropagationPolicies that name none (default: default); a document in another namespace is an error'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --allow-no-execute-taint-policy 'karmada-webhook''s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -R 'Read directories recursively'
            cand --recursive 'Read directories recursively'
            cand --strict 'Lint warnings are errors (exit 2, nothing sent)'
            cand --force-conflicts 'Take over fields another field manager owns (server-side apply conflicts)'
            cand --diff 'Print what would change against the live objects before applying'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;policy;evaluate-taints'= {
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --force 'Write even when the clusters with NoExecute taints would pass the unhealthy threshold (--unhealthy-cluster-threshold, default 0.55)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;policy;help'= {
            cand explain 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
            cand apply 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
            cand evaluate-taints 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;policy;help;explain'= {
        }
        &'karmadactl;policy;help;apply'= {
        }
        &'karmadactl;policy;help;evaluate-taints'= {
        }
        &'karmadactl;policy;help;help'= {
        }
        &'karmadactl;drain'= {
            cand -l 'Drain the clusters matching this label selector'
            cand --selector 'Drain the clusters matching this label selector'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --purge-mode 'Purge mode of the evictions (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)'
            cand --grace-period 'How long an old copy may wait for its new placement (the task''s gracePeriodSeconds; default: the controller''s --graceful-eviction-timeout)'
            cand --min-available-clusters 'Refuse to evict a binding that would then run on fewer clusters'
            cand --unhealthy-cluster-threshold 'Share of clusters drained or carrying a NoExecute taint above which the drain is refused without --force'
            cand --max-in-flight 'Writes in flight at once'
            cand --eviction-rate 'Evictions started per second, at most (default: as fast as the server takes them)'
            cand --timeout 'How long --wait waits'
            cand --feature-gates 'karmada-controller-manager''s feature gates the drain assumes: with StatefulFailoverInjection=true each eviction carries the state of the binding''s statePreservation rules, as the taint manager''s would (default: the settings remembered for the context, else upstream''s: off)'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates the capacity check assumes, e.g. SchedulingOvercommitProtection=true (default: the settings remembered for the context, else upstream''s)'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand --no-cordon 'Do not cordon the clusters first'
            cand --force 'Evict even bindings with nowhere to go (they disappear), drain even when most of the fleet is down or when replicas would not fit where they land'
            cand --allow-pending 'Drain even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a drain is refused'
            cand --wait 'After writing, watch until every eviction this drain wrote has cleared'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand list 'List every graceful eviction task and where it stands now'
            cand abort 'Take evictions back: remove the task and put the cluster back into the placement'
            cand confirm 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
            cand extend 'Give evictions more time before they time out (gracePeriodSeconds)'
            cand prune 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;evictions;list'= {
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --cluster 'Only tasks from this cluster'
            cand --producer 'Only tasks of this producer (e.g. TaintManager, karmadactl)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --graceful-eviction-timeout 'The controller''s --graceful-eviction-timeout, for tasks without a grace period (default: the snapshot header''s, else 10m)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand --watch 'Keep the list current from a watch until every task listed is gone (or Ctrl-C)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions;abort'= {
            cand --cluster 'The cluster whose eviction is taken back'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --max-in-flight 'Writes in flight at once'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Every binding with an eviction from --cluster'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand --force 'Abort even when the taint manager would evict again or the old copy is already gone (a cordoned cluster needs no --force: it stays cordoned)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions;confirm'= {
            cand --cluster 'Only the task from this cluster (default: every task of the binding)'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --graceful-eviction-timeout 'The controller''s --graceful-eviction-timeout, for tasks without a grace period'
            cand --max-in-flight 'Writes in flight at once'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Every binding in scope'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions;extend'= {
            cand --grace-period 'How much longer from now the old copies may wait for the new placement'
            cand --cluster 'Only the task from this cluster (default: every task of the binding)'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --graceful-eviction-timeout 'The controller''s --graceful-eviction-timeout, for tasks without a grace period'
            cand --max-in-flight 'Writes in flight at once'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Every binding in scope'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions;prune'= {
            cand --cluster 'Only the task from this cluster (default: every task of the binding)'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --graceful-eviction-timeout 'The controller''s --graceful-eviction-timeout, for tasks without a grace period'
            cand --max-in-flight 'Writes in flight at once'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --recovered 'Remove the tasks whose cluster is Ready again and whose binding is healthy on every cluster it is placed on (the only kind of prune there is; required so the intent is written out)'
            cand --all 'Every binding in scope'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;evictions;help'= {
            cand list 'List every graceful eviction task and where it stands now'
            cand abort 'Take evictions back: remove the task and put the cluster back into the placement'
            cand confirm 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
            cand extend 'Give evictions more time before they time out (gracePeriodSeconds)'
            cand prune 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;evictions;help;list'= {
        }
        &'karmadactl;evictions;help;abort'= {
        }
        &'karmadactl;evictions;help;confirm'= {
        }
        &'karmadactl;evictions;help;extend'= {
        }
        &'karmadactl;evictions;help;prune'= {
        }
        &'karmadactl;evictions;help;help'= {
        }
        &'karmadactl;failback'= {
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --mode 'How bindings return'
            cand --stable-for 'How long each cluster must have been Ready (from the condition''s lastTransitionTime)'
            cand --grace-period 'gracePeriodSeconds of the eviction tasks for the clusters a binding leaves (default: the controller''s --graceful-eviction-timeout)'
            cand --max-concurrent 'Bindings in flight at once (written and not yet healthy long enough)'
            cand --min-success-time 'How long a returned binding must stay healthy on the cluster before it counts as done and the next may start'
            cand --progress-deadline 'How long a returned binding may take to become healthy before it counts as failed'
            cand --max-failures 'Stop starting new returns once this many have failed'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: remembered for the context, else the newest release this tool knows): where a reschedule starts among clusterAffinities terms'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all 'Also every binding without a record whose placement admits the clusters (with --mode reschedule; restore needs a record)'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand doctor 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
            cand capacity 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer'
            cand settings 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
            cand watch 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
            cand report 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;failover;doctor'= {
            cand --host-kubeconfig 'Kubeconfig of the host cluster Karmada runs on: the controller settings are read from the karmada-controller-manager and karmada-webhook Deployments there'
            cand --host-context 'Context of --host-kubeconfig (default: its current context)'
            cand --karmada-namespace 'Namespace of the Karmada components on the host cluster: searched for the Deployments every installer (karmadactl init, the Helm chart, karmada-operator) creates, and for containers running the Karmada binaries'
            cand --controller-manager 'The karmada-controller-manager Deployment, when the search does not find it'
            cand --webhook 'The karmada-webhook Deployment, when the search does not find it'
            cand --scheduler 'The karmada-scheduler Deployment, when the search does not find it'
            cand --descheduler-deployment 'The karmada-descheduler Deployment, when the search does not find it'
            cand --upgrade-to 'Compare with another Karmada release instead: the policies it refuses or reads differently, the eviction tasks whose meaning changes, the findings that appear or go, and per cluster whether its loss would be handled differently'
            cand --allow-no-execute-taint-policy 'karmada-webhook''s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;capacity'= {
            cand --lose 'Clusters lost at once, comma-separated (repeatable: each is one loss). Without --lose or --lose-selector, every cluster is lost on its own, one loss each'
            cand --lose-selector 'The clusters matching this label selector are lost at once (one more loss)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;settings'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand view 'Show what is remembered for the context (--karmada-context, else the current one), or for every context'
            cand set 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it'
            cand unset 'Forget remembered values, or everything remembered for the context (--all)'
            cand refresh 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;failover;settings;view'= {
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all-contexts 'Every context in the settings file, not only the one in use'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;settings;set'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;failover;settings;unset'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Forget everything remembered for the context'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;failover;settings;refresh'= {
            cand --host-kubeconfig 'Kubeconfig of the host cluster Karmada runs on (default: the one of the last discovery of this context)'
            cand --host-context 'Context of the host kubeconfig (default: the last discovery''s, else its current context)'
            cand --karmada-namespace 'Namespace of the Karmada components (default: the last discovery''s, else karmada-system)'
            cand --controller-manager 'The karmada-controller-manager Deployment, when the search does not find it'
            cand --webhook 'The karmada-webhook Deployment, when the search does not find it'
            cand --scheduler 'The karmada-scheduler Deployment, when the search does not find it'
            cand --descheduler-deployment 'The karmada-descheduler Deployment, when the search does not find it'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;settings;help'= {
            cand view 'Show what is remembered for the context (--karmada-context, else the current one), or for every context'
            cand set 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it'
            cand unset 'Forget remembered values, or everything remembered for the context (--all)'
            cand refresh 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;failover;settings;help;view'= {
        }
        &'karmadactl;failover;settings;help;set'= {
        }
        &'karmadactl;failover;settings;help;unset'= {
        }
        &'karmadactl;failover;settings;help;refresh'= {
        }
        &'karmadactl;failover;settings;help;help'= {
        }
        &'karmadactl;failover;watch'= {
            cand --timeout 'Stop after this long even when the failover has not settled (exit 3): a step late on its prediction is followed until it comes or this ends the watch'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;report'= {
            cand --cluster 'The cluster whose failover is reported'
            cand --since 'Only steps at or after this moment: a duration ago (2h) or an RFC 3339 time'
            cand --until 'Only steps at or before this moment: a duration ago (30m) or an RFC 3339 time'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;failover;help'= {
            cand doctor 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
            cand capacity 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer'
            cand settings 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
            cand watch 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
            cand report 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;failover;help;doctor'= {
        }
        &'karmadactl;failover;help;capacity'= {
        }
        &'karmadactl;failover;help;settings'= {
            cand view 'Show what is remembered for the context (--karmada-context, else the current one), or for every context'
            cand set 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it'
            cand unset 'Forget remembered values, or everything remembered for the context (--all)'
            cand refresh 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default'
        }
        &'karmadactl;failover;help;settings;view'= {
        }
        &'karmadactl;failover;help;settings;set'= {
        }
        &'karmadactl;failover;help;settings;unset'= {
        }
        &'karmadactl;failover;help;settings;refresh'= {
        }
        &'karmadactl;failover;help;watch'= {
        }
        &'karmadactl;failover;help;report'= {
        }
        &'karmadactl;failover;help;help'= {
        }
        &'karmadactl;maintenance'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand plan 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them'
            cand run 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time'
            cand resume 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)'
            cand status 'Where the run and every one of its clusters stand'
            cand approve 'Say the maintenance of clusters is done (a run without --hook waits for this)'
            cand abort 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;maintenance;plan'= {
            cand -l 'The clusters matching this label selector'
            cand --selector 'The clusters matching this label selector'
            cand --max-unavailable 'At most this many clusters out at once (one wave)'
            cand --order 'The order clusters are taken out in: name, blast-radius (the fewest replicas first) or label=KEY'
            cand --purge-mode 'Purge mode of the drains (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)'
            cand --min-available-clusters 'Refuse to move a binding that would then run on fewer clusters'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour'
            cand --feature-gates 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)'
            cand --controllers 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs'
            cand --scheduler-feature-gates 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed'
            cand --descheduler 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere'
            cand --unschedulable-threshold 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)'
            cand --descheduling-interval 'karmada-descheduler''s --descheduling-interval (default: 2m)'
            cand --enable-no-execute-taint-eviction 'Whether NoExecute taints evict (upstream default: false)'
            cand --no-execute-taint-eviction-purge-mode 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)'
            cand --graceful-eviction-timeout 'How long a graceful eviction waits for the new placement (default: 10m)'
            cand --resource-eviction-rate 'Bindings per second each eviction worker paces itself to (default: 0.5)'
            cand --secondary-resource-eviction-rate 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)'
            cand --unhealthy-cluster-threshold 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)'
            cand --large-cluster-num-threshold 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)'
            cand --rate-limiter-base-delay 'Base delay of the rate limiter''s per-item back-off (default: 5ms)'
            cand --rate-limiter-max-delay 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)'
            cand --rate-limiter-qps 'Token-bucket refill of the rate limiter, per second (default: 10)'
            cand --rate-limiter-bucket-size 'Token-bucket size of the rate limiter (default: 100)'
            cand --cluster-status-update-frequency 'How often the cluster-status controller probes each member (default: 10s)'
            cand --cluster-failure-threshold 'How long probes must fail before a cluster is Ready=False (default: 30s)'
            cand --cluster-success-threshold 'How long probes must succeed before a cluster is Ready=True again (default: 30s)'
            cand --cluster-monitor-period 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)'
            cand --cluster-monitor-grace-period 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)'
            cand --cluster-lease-duration 'karmada-agent''s lease duration (default: 40s)'
            cand --cluster-lease-renew-interval-fraction 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)'
            cand --queue-model 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Every cluster of the fleet'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;maintenance;run'= {
            cand -l 'The clusters matching this label selector'
            cand --selector 'The clusters matching this label selector'
            cand --max-unavailable 'At most this many clusters out at once (one wave)'
            cand --order 'The order clusters are taken out in: name, blast-radius (the fewest replicas first) or label=KEY'
            cand --purge-mode 'Purge mode of the drains (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)'
            cand --min-available-clusters 'Refuse to move a binding that would then run on fewer clusters'
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules'
            cand --hook 'The maintenance itself, run per cluster with `sh -c` once its workloads have moved away; its environment names the cluster (KARMADACTL_CLUSTER, KARMADACTL_CLUSTER_CONTEXT, KARMADACTL_KARMADA_CONTEXT, KARMADACTL_RUN, KARMADACTL_WAVE, KUBECONFIG). Exit 0: done. Without --hook the run waits for `karmadactl maintenance approve CLUSTER`'
            cand --cluster-context 'The member''s kubeconfig context given to the hook; {cluster} stands for its name'
            cand --hook-timeout 'How long one hook may run before it is killed (the cluster fails)'
            cand --timeout 'How long the moved workloads may take to be Healthy where they went'
            cand --stable-for 'Health gate: how long a maintained cluster must have been Ready (with no NoExecute taint) before its workloads return'
            cand --gate-timeout 'How long the health gate may take to pass'
            cand --soak 'How long what returned must stay Healthy before the next wave starts'
            cand --max-failures 'Failed clusters to tolerate before the run stops (a failed cluster stays as its step left it, and counts as out while cordoned)'
            cand --max-in-flight 'Evictions in flight at once (drain)'
            cand --eviction-rate 'At most this many evictions a second (drain)'
            cand --unhealthy-cluster-threshold 'Refuse a wave when this share of clusters or more would be cordoned or carry a NoExecute taint (drain)'
            cand --max-concurrent 'Returns in flight at once (failback)'
            cand --min-success-time 'How long a returned binding must stay Healthy before it counts (failback)'
            cand --progress-deadline 'How long a returned binding may take to be Healthy (failback)'
            cand --dry-run 'Preview: `client` prints the plan and writes nothing'
            cand -o 'Progress: lines (on a terminal, with a spinner while waiting), or JSON Lines'
            cand --output 'Progress: lines (on a terminal, with a spinner while waiting), or JSON Lines'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Every cluster of the fleet'
            cand -y 'Do not ask for confirmation (required without a terminal)'
            cand --yes 'Do not ask for confirmation (required without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;maintenance;resume'= {
            cand --karmada-version 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules'
            cand --max-failures 'Failed clusters to tolerate from now on (default: as the run was started)'
            cand -o 'Progress: lines, or JSON Lines'
            cand --output 'Progress: lines, or JSON Lines'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -y 'Do not ask for confirmation (required without a terminal)'
            cand --yes 'Do not ask for confirmation (required without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;maintenance;status'= {
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;maintenance;approve'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;maintenance;abort'= {
            cand --timeout 'How long to wait for the run to stop after its current step'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --no-wait 'Return at once instead of waiting until the run has stopped'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;maintenance;help'= {
            cand plan 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them'
            cand run 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time'
            cand resume 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)'
            cand status 'Where the run and every one of its clusters stand'
            cand approve 'Say the maintenance of clusters is done (a run without --hook waits for this)'
            cand abort 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;maintenance;help;plan'= {
        }
        &'karmadactl;maintenance;help;run'= {
        }
        &'karmadactl;maintenance;help;resume'= {
        }
        &'karmadactl;maintenance;help;status'= {
        }
        &'karmadactl;maintenance;help;approve'= {
        }
        &'karmadactl;maintenance;help;abort'= {
        }
        &'karmadactl;maintenance;help;help'= {
        }
        &'karmadactl;history'= {
            cand --cluster 'Every binding that is or was on this cluster, or has an eviction, a drain record or an Event about it; only the entries about this cluster (and scheduling)'
            cand -n 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --namespace 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)'
            cand --binding-selector 'Only bindings whose labels match this selector'
            cand --kind 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)'
            cand --snapshot 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -A 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-namespaces 'Every namespace, and ClusterResourceBindings (the default)'
            cand --all-events 'Also Events whose reason history does not classify (as `other`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;snapshot'= {
            cand -o 'File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout)'
            cand --output 'File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout)'
            cand --controller-setting 'Record a controller flag with the snapshot, e.g. feature-gates=Failover=true (repeatable); read-only commands use it unless overridden'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;completion'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --chunk-size 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;help'= {
            cand taint 'Add, change or remove taints on member clusters'
            cand cordon 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
            cand uncordon 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
            cand dry-run 'Simulate a cluster failure: what would be evicted, when, and where it would go'
            cand policy 'Explain failover decisions for a binding or a ClusterTaintPolicy'
            cand drain 'Drain clusters for maintenance: cordon, then evict every binding that can move'
            cand evictions 'List graceful evictions and where they stand, take them back, confirm, extend or prune them'
            cand failback 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there'
            cand failover 'Cluster failover as a whole: `failover doctor` checks whether it would happen'
            cand maintenance 'Take clusters out for maintenance in waves: `maintenance plan` says what each wave moves where and whether it fits'
            cand history 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first'
            cand snapshot 'Capture the live fleet (clusters, bindings, policies) into a snapshot file'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;help;taint'= {
        }
        &'karmadactl;help;cordon'= {
        }
        &'karmadactl;help;uncordon'= {
        }
        &'karmadactl;help;dry-run'= {
        }
        &'karmadactl;help;policy'= {
            cand explain 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
            cand apply 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
            cand evaluate-taints 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
        }
        &'karmadactl;help;policy;explain'= {
        }
        &'karmadactl;help;policy;apply'= {
        }
        &'karmadactl;help;policy;evaluate-taints'= {
        }
        &'karmadactl;help;drain'= {
        }
        &'karmadactl;help;evictions'= {
            cand list 'List every graceful eviction task and where it stands now'
            cand abort 'Take evictions back: remove the task and put the cluster back into the placement'
            cand confirm 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
            cand extend 'Give evictions more time before they time out (gracePeriodSeconds)'
            cand prune 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
        }
        &'karmadactl;help;evictions;list'= {
        }
        &'karmadactl;help;evictions;abort'= {
        }
        &'karmadactl;help;evictions;confirm'= {
        }
        &'karmadactl;help;evictions;extend'= {
        }
        &'karmadactl;help;evictions;prune'= {
        }
        &'karmadactl;help;failback'= {
        }
        &'karmadactl;help;failover'= {
            cand doctor 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
            cand capacity 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer'
            cand settings 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
            cand watch 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
            cand report 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)'
        }
        &'karmadactl;help;failover;doctor'= {
        }
        &'karmadactl;help;failover;capacity'= {
        }
        &'karmadactl;help;failover;settings'= {
            cand view 'Show what is remembered for the context (--karmada-context, else the current one), or for every context'
            cand set 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it'
            cand unset 'Forget remembered values, or everything remembered for the context (--all)'
            cand refresh 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default'
        }
        &'karmadactl;help;failover;settings;view'= {
        }
        &'karmadactl;help;failover;settings;set'= {
        }
        &'karmadactl;help;failover;settings;unset'= {
        }
        &'karmadactl;help;failover;settings;refresh'= {
        }
        &'karmadactl;help;failover;watch'= {
        }
        &'karmadactl;help;failover;report'= {
        }
        &'karmadactl;help;maintenance'= {
            cand plan 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them'
            cand run 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time'
            cand resume 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)'
            cand status 'Where the run and every one of its clusters stand'
            cand approve 'Say the maintenance of clusters is done (a run without --hook waits for this)'
            cand abort 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service'
        }
        &'karmadactl;help;maintenance;plan'= {
        }
        &'karmadactl;help;maintenance;run'= {
        }
        &'karmadactl;help;maintenance;resume'= {
        }
        &'karmadactl;help;maintenance;status'= {
        }
        &'karmadactl;help;maintenance;approve'= {
        }
        &'karmadactl;help;maintenance;abort'= {
        }
        &'karmadactl;help;history'= {
        }
        &'karmadactl;help;snapshot'= {
        }
        &'karmadactl;help;completion'= {
        }
        &'karmadactl;help;help'= {
        }
    ]
    $completions[$command]
}
