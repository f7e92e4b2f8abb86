# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_karmadactl_global_optspecs
    string join \n kubeconfig= karmada-context= v/v= chunk-size= request-timeout= h/help V/version
end

function __fish_karmadactl_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_karmadactl_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_karmadactl_using_subcommand
    set -l cmd (__fish_karmadactl_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c karmadactl -n "__fish_karmadactl_needs_command" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_needs_command" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_needs_command" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_needs_command" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_needs_command" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -s V -l version -d 'Print version'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "taint" -d 'Add, change or remove taints on member clusters'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "cordon" -d 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "uncordon" -d 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "dry-run" -d 'Simulate a cluster failure: what would be evicted, when, and where it would go'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "policy" -d 'Explain failover decisions for a binding or a ClusterTaintPolicy'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "drain" -d 'Drain clusters for maintenance: cordon, then evict every binding that can move'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "evictions" -d 'List graceful evictions and where they stand, take them back, confirm, extend or prune them'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "failback" -d 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "failover" -d 'Cluster failover as a whole: `failover doctor` checks whether it would happen'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "history" -d 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "snapshot" -d 'Capture the live fleet (clusters, bindings, policies) into a snapshot file'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "completion" -d 'Print a shell completion script'
complete -c karmadactl -n "__fish_karmadactl_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -s l -l selector -d 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -s o -l output -d 'Output format' -r -f -a "table\t'One line per object'
wide\t'One line per object, with its resulting taints'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
name\t'Only resource/name, one per line'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l all -d 'Act on every cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l overwrite -d 'Replace the value of a taint whose key and effect already exist'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -l allow-pending -d 'Add an evicting taint even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a taint is refused'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand taint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -s l -l selector -d 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -s o -l output -d 'Output format' -r -f -a "table\t'One line per object'
wide\t'One line per object, with its resulting taints'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
name\t'Only resource/name, one per line'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -l all -d 'Act on every cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand cordon" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -s l -l selector -d 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -s o -l output -d 'Output format' -r -f -a "table\t'One line per object'
wide\t'One line per object, with its resulting taints'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
name\t'Only resource/name, one per line'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -l all -d 'Act on every cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand uncordon" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster -d 'Clusters that get the taint (repeatable). Without --cluster or -l, only the taints clusters already carry are simulated' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -s l -l selector -d 'Clusters matching this label selector get the taint' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l taint -d 'The taint to add (default: cluster.karmada.io/not-ready:NoExecute, what the controllers add to a NotReady cluster)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l at -d 'Look at the state this long after now (e.g. 10m) or at this RFC 3339 time' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l recover-after -d 'The tainted clusters recover this long after now (or at this time): evictions the queue has not processed by then are dropped. With --outage: the members answer again this long after they stopped (or at this time)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l outage -d 'Members that stop answering (repeatable): the timeline from the failure, through Ready, the taints and the evictions, to where the replicas go' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l outage-mode -d 'How they fail: refused (their API server is down), frozen (they never answer), agent-down (Pull clusters: karmada-agent or its link is down)' -r -f -a "refused\t'The member\'s API server is down: connections are refused'
frozen\t'The member never answers: each probe waits its 32 s timeout'
agent-down\t'Pull clusters: karmada-agent (or its link to the control plane) is down'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l outage-at -d 'When they stop answering: this long after the reference time, or this RFC 3339 time, earlier ones included (default: the reference time)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l compare-version -d 'Run the scenario under this Karmada release too and show what differs: the pairs whose verdict or eviction time changes, the bindings that land elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l app-unhealthy -d 'A workload turns Unhealthy (repeatable): BINDING@CLUSTER[,CLUSTER...], BINDING as rb/NAMESPACE/NAME, crb/NAME or KIND/NAMESPACE/NAME. Shows whether application failover (spec.failover.application) evicts it, when, the task and where the replicas go; with --cluster or -l, the taint\'s evictions come first where they do' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l unhealthy-since -d 'When those workloads turned Unhealthy: this long ago (e.g. 20s) or at this RFC 3339 time (default: the reference time)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -s o -l output -d 'Output format' -r -f -a "table\t'Human-readable report'
wide\t'The report with the reasons spelled out'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -l health-interpreted -d 'The workloads\' kind gets its health interpretation from a ResourceInterpreterCustomization or an interpreter webhook (Karmada\'s built-in interpreters cover Deployments, StatefulSets and a few more)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand dry-run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -f -a "explain" -d 'Explain, for a binding, every cluster\'s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -f -a "apply" -d 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -f -a "evaluate-taints" -d 'Evaluate every ClusterTaintPolicy against every cluster\'s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and not __fish_seen_subcommand_from explain apply evaluate-taints help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -s n -l namespace -d 'Namespace of a workload or ResourceBinding' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster -d 'Only this cluster of the placement' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l outage -d 'What happens to the binding when this cluster of its placement stops answering: when Ready changes, which taint lands, when the binding is evicted, where it goes, and when its old copy is removed (the timeline of `dry-run --outage`)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l outage-mode -d 'How it fails: refused, frozen, or agent-down (Pull clusters)' -r -f -a "refused\t'The member\'s API server is down: connections are refused'
frozen\t'The member never answers: each probe waits its 32 s timeout'
agent-down\t'Pull clusters: karmada-agent (or its link to the control plane) is down'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l outage-at -d 'When it stops answering: this long after the reference time, or this RFC 3339 time (default: the reference time)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l recover-after -d 'With --outage: it answers again this long after it stopped (or at this time)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -s o -l output -d 'Output format' -r -f -a "table\t'Human-readable report'
wide\t'The report with the reasons spelled out'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s f -l filename -d 'Manifest file, directory, or - for stdin (repeatable)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s n -l namespace -d 'Namespace of PropagationPolicies that name none (default: default); a document in another namespace is an error' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s o -l output -d 'Output format' -r -f -a "table\t'One line per object'
wide\t'One line per object, with its resulting taints'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
name\t'Only resource/name, one per line'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l allow-no-execute-taint-policy -d 'karmada-webhook\'s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s R -l recursive -d 'Read directories recursively'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l strict -d 'Lint warnings are errors (exit 2, nothing sent)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l force-conflicts -d 'Take over fields another field manager owns (server-side apply conflicts)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -l diff -d 'Print what would change against the live objects before applying'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -s o -l output -d 'Output format' -r -f -a "table\t'One block per cluster that changes'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -l force -d 'Write even when the clusters with NoExecute taints would pass the unhealthy threshold (--unhealthy-cluster-threshold, default 0.55)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from evaluate-taints" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "explain" -d 'Explain, for a binding, every cluster\'s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "evaluate-taints" -d 'Evaluate every ClusterTaintPolicy against every cluster\'s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s l -l selector -d 'Drain the clusters matching this label selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l purge-mode -d 'Purge mode of the evictions (default: each binding\'s spec.failover.cluster.purgeMode, else Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy (or the grace period ends)'
Directly\t'The old copy goes at once: downtime until the new one runs'
Never\t'The old copy stays until someone removes it'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l grace-period -d 'How long an old copy may wait for its new placement (the task\'s gracePeriodSeconds; default: the controller\'s --graceful-eviction-timeout)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l min-available-clusters -d 'Refuse to evict a binding that would then run on fewer clusters' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l unhealthy-cluster-threshold -d 'Share of clusters drained or carrying a NoExecute taint above which the drain is refused without --force' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l max-in-flight -d 'Writes in flight at once' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l eviction-rate -d 'Evictions started per second, at most (default: as fast as the server takes them)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l timeout -d 'How long --wait waits' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l feature-gates -d 'karmada-controller-manager\'s feature gates the drain assumes: with StatefulFailoverInjection=true each eviction carries the state of the binding\'s statePreservation rules, as the taint manager\'s would (default: the settings remembered for the context, else upstream\'s: off)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates the capacity check assumes, e.g. SchedulingOvercommitProtection=true (default: the settings remembered for the context, else upstream\'s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l no-cordon -d 'Do not cordon the clusters first'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l force -d 'Evict even bindings with nowhere to go (they disappear), drain even when most of the fleet is down or when replicas would not fit where they land'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l allow-pending -d 'Drain even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a drain is refused'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -l wait -d 'After writing, watch until every eviction this drain wrote has cleared'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand drain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "list" -d 'List every graceful eviction task and where it stands now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "abort" -d 'Take evictions back: remove the task and put the cluster back into the placement'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "confirm" -d 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "extend" -d 'Give evictions more time before they time out (gracePeriodSeconds)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "prune" -d 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and not __fish_seen_subcommand_from list abort confirm extend prune help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l cluster -d 'Only tasks from this cluster' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l producer -d 'Only tasks of this producer (e.g. TaintManager, karmadactl)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l graceful-eviction-timeout -d 'The controller\'s --graceful-eviction-timeout, for tasks without a grace period (default: the snapshot header\'s, else 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format' -r -f -a "table\t'A table'
wide\t'The table with grace period, message and clusters before failover'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
name\t'Only resource/name of each binding, one per line'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -l watch -d 'Keep the list current from a watch until every task listed is gone (or Ctrl-C)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l cluster -d 'The cluster whose eviction is taken back' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l max-in-flight -d 'Writes in flight at once' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l all -d 'Every binding with an eviction from --cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -l force -d 'Abort even when the taint manager would evict again or the old copy is already gone (a cordoned cluster needs no --force: it stays cordoned)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from abort" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l cluster -d 'Only the task from this cluster (default: every task of the binding)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l graceful-eviction-timeout -d 'The controller\'s --graceful-eviction-timeout, for tasks without a grace period' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l max-in-flight -d 'Writes in flight at once' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -l all -d 'Every binding in scope'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from confirm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l grace-period -d 'How much longer from now the old copies may wait for the new placement' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l cluster -d 'Only the task from this cluster (default: every task of the binding)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l graceful-eviction-timeout -d 'The controller\'s --graceful-eviction-timeout, for tasks without a grace period' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l max-in-flight -d 'Writes in flight at once' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -l all -d 'Every binding in scope'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from extend" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l cluster -d 'Only the task from this cluster (default: every task of the binding)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l graceful-eviction-timeout -d 'The controller\'s --graceful-eviction-timeout, for tasks without a grace period' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l max-in-flight -d 'Writes in flight at once' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l recovered -d 'Remove the tasks whose cluster is Ready again and whose binding is healthy on every cluster it is placed on (the only kind of prune there is; required so the intent is written out)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -l all -d 'Every binding in scope'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "list" -d 'List every graceful eviction task and where it stands now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "abort" -d 'Take evictions back: remove the task and put the cluster back into the placement'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "confirm" -d 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "extend" -d 'Give evictions more time before they time out (gracePeriodSeconds)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "prune" -d 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand evictions; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l mode -d 'How bindings return' -r -f -a "restore\t'Put back the placement recorded before the drain, exactly, where it still fits'
reschedule\t'Ask the scheduler for a fresh decision (spec.rescheduleTriggeredAt)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l stable-for -d 'How long each cluster must have been Ready (from the condition\'s lastTransitionTime)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l grace-period -d 'gracePeriodSeconds of the eviction tasks for the clusters a binding leaves (default: the controller\'s --graceful-eviction-timeout)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l max-concurrent -d 'Bindings in flight at once (written and not yet healthy long enough)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l min-success-time -d 'How long a returned binding must stay healthy on the cluster before it counts as done and the next may start' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l progress-deadline -d 'How long a returned binding may take to become healthy before it counts as failed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l max-failures -d 'Stop starting new returns once this many have failed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: remembered for the context, else the newest release this tool knows): where a reschedule starts among clusterAffinities terms' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l dry-run -d 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All' -r -f -a "none\t'Write for real'
client\t'Compute and print the result locally; send nothing'
server\t'Send the writes with dryRun=All: the server validates, nothing is stored'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s o -l output -d 'Output format' -r -f -a "table\t'A table and a summary'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -l all -d 'Also every binding without a record whose placement admits the clusters (with --mode reschedule; restore needs a record)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s y -l yes -d 'Do not ask for confirmation (required for destructive changes without a terminal)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failback" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "doctor" -d 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "capacity" -d 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet\'s N-1 answer'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "settings" -d 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "watch" -d 'Follow a failover as it happens: each failing cluster\'s stage, the fleet\'s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "report" -d 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy\'s removal, each beside its predicted interval; the time away (p50/p95/max)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and not __fish_seen_subcommand_from doctor capacity settings watch report help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l host-kubeconfig -d 'Kubeconfig of the host cluster Karmada runs on: the controller settings are read from the karmada-controller-manager and karmada-webhook Deployments there' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l host-context -d 'Context of --host-kubeconfig (default: its current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l karmada-namespace -d 'Namespace of the Karmada components on the host cluster: searched for the Deployments every installer (karmadactl init, the Helm chart, karmada-operator) creates, and for containers running the Karmada binaries' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l controller-manager -d 'The karmada-controller-manager Deployment, when the search does not find it' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l webhook -d 'The karmada-webhook Deployment, when the search does not find it' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l scheduler -d 'The karmada-scheduler Deployment, when the search does not find it' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l descheduler-deployment -d 'The karmada-descheduler Deployment, when the search does not find it' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l upgrade-to -d 'Compare with another Karmada release instead: the policies it refuses or reads differently, the eviction tasks whose meaning changes, the findings that appear or go, and per cluster whether its loss would be handled differently' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l allow-no-execute-taint-policy -d 'karmada-webhook\'s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -s o -l output -d 'Output format' -r -f -a "table\t'Human-readable report'
wide\t'The report with the reasons spelled out'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l lose -d 'Clusters lost at once, comma-separated (repeatable: each is one loss). Without --lose or --lose-selector, every cluster is lost on its own, one loss each' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l lose-selector -d 'The clusters matching this label selector are lost at once (one more loss)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -s o -l output -d 'Output format' -r -f -a "table\t'Human-readable report'
wide\t'The report with the reasons spelled out'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from capacity" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -f -a "view" -d 'Show what is remembered for the context (--karmada-context, else the current one), or for every context'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -f -a "set" -d 'Remember values by hand: FLAG=VALUE, as the component\'s flag takes it'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -f -a "unset" -d 'Forget remembered values, or everything remembered for the context (--all)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -f -a "refresh" -d 'Read the components\' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream\'s default'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from settings" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l timeout -d 'Stop after this long even when the failover has not settled (exit 3)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -s o -l output -d 'Output format' -r -f -a "table\t'On a terminal a screen redrawn in place; piped, one line per step'
json\t'One JSON object per step (JSON Lines)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from watch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster -d 'The cluster whose failover is reported' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l since -d 'Only steps at or after this moment: a duration ago (2h) or an RFC 3339 time' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l until -d 'Only steps at or before this moment: a duration ago (30m) or an RFC 3339 time' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l karmada-version -d 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release\'s behaviour' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l feature-gates -d 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l controllers -d 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l scheduler-feature-gates -d 'karmada-scheduler\'s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l descheduler -d 'Whether karmada-descheduler runs beside the members\' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l unschedulable-threshold -d 'karmada-descheduler\'s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l descheduling-interval -d 'karmada-descheduler\'s --descheduling-interval (default: 2m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l enable-no-execute-taint-eviction -d 'Whether NoExecute taints evict (upstream default: false)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l no-execute-taint-eviction-purge-mode -d 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)' -r -f -a "Gracefully\t'The old copy stays until the new placement is healthy or the timeout passes'
Directly\t'The old copy goes at once'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l graceful-eviction-timeout -d 'How long a graceful eviction waits for the new placement (default: 10m)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l resource-eviction-rate -d 'Bindings per second each eviction worker paces itself to (default: 0.5)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l secondary-resource-eviction-rate -d 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l unhealthy-cluster-threshold -d 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l large-cluster-num-threshold -d 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l rate-limiter-base-delay -d 'Base delay of the rate limiter\'s per-item back-off (default: 5ms)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l rate-limiter-max-delay -d 'Longest delay of the rate limiter\'s per-item back-off (default: 1000s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l rate-limiter-qps -d 'Token-bucket refill of the rate limiter, per second (default: 10)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l rate-limiter-bucket-size -d 'Token-bucket size of the rate limiter (default: 100)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-status-update-frequency -d 'How often the cluster-status controller probes each member (default: 10s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-failure-threshold -d 'How long probes must fail before a cluster is Ready=False (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-success-threshold -d 'How long probes must succeed before a cluster is Ready=True again (default: 30s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-monitor-period -d 'The cluster controller\'s monitor tick, for Pull clusters\' leases (default: 5s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-monitor-grace-period -d 'How old a Pull cluster\'s lease may get before Ready=Unknown (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-lease-duration -d 'karmada-agent\'s lease duration (default: 40s)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l cluster-lease-renew-interval-fraction -d 'karmada-agent\'s lease renew interval, as a fraction of the duration (default: 0.25)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l queue-model -d 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal\'s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)' -r -f -a "upstream\t'Upstream\'s taint manager (the default)'
proposal\t'The failover proposal\'s queue (not built upstream)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -s o -l output -d 'Output format' -r -f -a "table\t'Human-readable report'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'
openmetrics\t'OpenMetrics text exposition (Pushgateway, node-exporter textfile collector)'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from report" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "doctor" -d 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "capacity" -d 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet\'s N-1 answer'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "settings" -d 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "watch" -d 'Follow a failover as it happens: each failing cluster\'s stage, the fleet\'s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "report" -d 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy\'s removal, each beside its predicted interval; the time away (p50/p95/max)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand failover; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l cluster -d 'Every binding that is or was on this cluster, or has an eviction, a drain record or an Event about it; only the entries about this cluster (and scheduling)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -s n -l namespace -d 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l binding-selector -d 'Only bindings whose labels match this selector' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l kind -d 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l snapshot -d 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot\'s capture time when it has one' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -s o -l output -d 'Output format' -r -f -a "table\t'A table, oldest first'
wide\t'The table with every detail in full'
json\t'Stable JSON for scripts'
yaml\t'The same structure as JSON, in YAML'"
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -s A -l all-namespaces -d 'Every namespace, and ClusterResourceBindings (the default)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -l all-events -d 'Also Events whose reason history does not classify (as `other`)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -s o -l output -d 'File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -l controller-setting -d 'Record a controller flag with the snapshot, e.g. feature-gates=Failover=true (repeatable); read-only commands use it unless overridden' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand snapshot" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -l kubeconfig -d 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -l karmada-context -d 'Name of the kubeconfig context to use (default: the current context)' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -s v -l v -d 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -l chunk-size -d 'Objects per page of a list, as kubectl\'s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -l request-timeout -d 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout' -r
complete -c karmadactl -n "__fish_karmadactl_using_subcommand completion" -s h -l help -d 'Print help'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "taint" -d 'Add, change or remove taints on member clusters'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "cordon" -d 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "uncordon" -d 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "dry-run" -d 'Simulate a cluster failure: what would be evicted, when, and where it would go'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "policy" -d 'Explain failover decisions for a binding or a ClusterTaintPolicy'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "drain" -d 'Drain clusters for maintenance: cordon, then evict every binding that can move'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "evictions" -d 'List graceful evictions and where they stand, take them back, confirm, extend or prune them'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "failback" -d 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "failover" -d 'Cluster failover as a whole: `failover doctor` checks whether it would happen'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "history" -d 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "snapshot" -d 'Capture the live fleet (clusters, bindings, policies) into a snapshot file'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "completion" -d 'Print a shell completion script'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and not __fish_seen_subcommand_from taint cordon uncordon dry-run policy drain evictions failback failover history snapshot completion help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "explain" -d 'Explain, for a binding, every cluster\'s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "apply" -d 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "evaluate-taints" -d 'Evaluate every ClusterTaintPolicy against every cluster\'s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from evictions" -f -a "list" -d 'List every graceful eviction task and where it stands now'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from evictions" -f -a "abort" -d 'Take evictions back: remove the task and put the cluster back into the placement'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from evictions" -f -a "confirm" -d 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from evictions" -f -a "extend" -d 'Give evictions more time before they time out (gracePeriodSeconds)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from evictions" -f -a "prune" -d 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from failover" -f -a "doctor" -d 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from failover" -f -a "capacity" -d 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet\'s N-1 answer'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from failover" -f -a "settings" -d 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from failover" -f -a "watch" -d 'Follow a failover as it happens: each failing cluster\'s stage, the fleet\'s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)'
complete -c karmadactl -n "__fish_karmadactl_using_subcommand help; and __fish_seen_subcommand_from failover" -f -a "report" -d 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy\'s removal, each beside its predicted interval; the time away (p50/p95/max)'
