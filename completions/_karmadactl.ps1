
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'karmadactl' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'karmadactl'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'karmadactl' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('taint', 'taint', [CompletionResultType]::ParameterValue, 'Add, change or remove taints on member clusters')
            [CompletionResult]::new('cordon', 'cordon', [CompletionResultType]::ParameterValue, 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('uncordon', 'uncordon', [CompletionResultType]::ParameterValue, 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('dry-run', 'dry-run', [CompletionResultType]::ParameterValue, 'Simulate a cluster failure: what would be evicted, when, and where it would go')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Explain failover decisions for a binding or a ClusterTaintPolicy')
            [CompletionResult]::new('drain', 'drain', [CompletionResultType]::ParameterValue, 'Drain clusters for maintenance: cordon, then evict every binding that can move')
            [CompletionResult]::new('evictions', 'evictions', [CompletionResultType]::ParameterValue, 'List graceful evictions and where they stand, take them back, confirm, extend or prune them')
            [CompletionResult]::new('failback', 'failback', [CompletionResultType]::ParameterValue, 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there')
            [CompletionResult]::new('failover', 'failover', [CompletionResultType]::ParameterValue, 'Cluster failover as a whole: `failover doctor` checks whether it would happen')
            [CompletionResult]::new('maintenance', 'maintenance', [CompletionResultType]::ParameterValue, 'Take clusters out for maintenance in waves: `maintenance plan` says what each wave moves where and whether it fits')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first')
            [CompletionResult]::new('snapshot', 'snapshot', [CompletionResultType]::ParameterValue, 'Capture the live fleet (clusters, bindings, policies) into a snapshot file')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;taint' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('--overwrite', '--overwrite', [CompletionResultType]::ParameterName, 'Replace the value of a taint whose key and effect already exist')
            [CompletionResult]::new('--allow-pending', '--allow-pending', [CompletionResultType]::ParameterName, 'Add an evicting taint even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a taint is refused')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;cordon' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;uncordon' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;dry-run' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Clusters that get the taint (repeatable). Without --cluster or -l, only the taints clusters already carry are simulated')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Clusters matching this label selector get the taint')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Clusters matching this label selector get the taint')
            [CompletionResult]::new('--taint', '--taint', [CompletionResultType]::ParameterName, 'The taint to add (default: cluster.karmada.io/not-ready:NoExecute, what the controllers add to a NotReady cluster)')
            [CompletionResult]::new('--at', '--at', [CompletionResultType]::ParameterName, 'Look at the state this long after now (e.g. 10m) or at this RFC 3339 time')
            [CompletionResult]::new('--recover-after', '--recover-after', [CompletionResultType]::ParameterName, 'The tainted clusters recover this long after now (or at this time): evictions the queue has not processed by then are dropped. With --outage: the members answer again this long after they stopped (or at this time)')
            [CompletionResult]::new('--outage', '--outage', [CompletionResultType]::ParameterName, 'Members that stop answering (repeatable): the timeline from the failure, through Ready, the taints and the evictions, to where the replicas go')
            [CompletionResult]::new('--outage-mode', '--outage-mode', [CompletionResultType]::ParameterName, 'How they fail: refused (their API server is down), frozen (they never answer), agent-down (Pull clusters: karmada-agent or its link is down)')
            [CompletionResult]::new('--outage-at', '--outage-at', [CompletionResultType]::ParameterName, 'When they stop answering: this long after the reference time, or this RFC 3339 time, earlier ones included (default: the reference time)')
            [CompletionResult]::new('--compare-version', '--compare-version', [CompletionResultType]::ParameterName, 'Run the scenario under this Karmada release too and show what differs: the pairs whose verdict or eviction time changes, the bindings that land elsewhere')
            [CompletionResult]::new('--app-unhealthy', '--app-unhealthy', [CompletionResultType]::ParameterName, 'A workload turns Unhealthy (repeatable): BINDING@CLUSTER[,CLUSTER...], BINDING as rb/NAMESPACE/NAME, crb/NAME or KIND/NAMESPACE/NAME. Shows whether application failover (spec.failover.application) evicts it, when, the task and where the replicas go; with --cluster or -l, the taint''s evictions come first where they do')
            [CompletionResult]::new('--unhealthy-since', '--unhealthy-since', [CompletionResultType]::ParameterName, 'When those workloads turned Unhealthy: this long ago (e.g. 20s) or at this RFC 3339 time (default: the reference time)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the picture, its legend and the text summary); self-contained, opens offline')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--health-interpreted', '--health-interpreted', [CompletionResultType]::ParameterName, 'The workloads'' kind gets its health interpretation from a ResourceInterpreterCustomization or an interpreter webhook (Karmada''s built-in interpreters cover Deployments, StatefulSets and a few more)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;policy' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause')
            [CompletionResult]::new('evaluate-taints', 'evaluate-taints', [CompletionResultType]::ParameterValue, 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;policy;explain' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace of a workload or ResourceBinding')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace of a workload or ResourceBinding')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Only this cluster of the placement')
            [CompletionResult]::new('--outage', '--outage', [CompletionResultType]::ParameterName, 'What happens to the binding when this cluster of its placement stops answering: when Ready changes, which taint lands, when the binding is evicted, where it goes, and when its old copy is removed (the timeline of `dry-run --outage`)')
            [CompletionResult]::new('--outage-mode', '--outage-mode', [CompletionResultType]::ParameterName, 'How it fails: refused, frozen, or agent-down (Pull clusters)')
            [CompletionResult]::new('--outage-at', '--outage-at', [CompletionResultType]::ParameterName, 'When it stops answering: this long after the reference time, or this RFC 3339 time (default: the reference time)')
            [CompletionResult]::new('--recover-after', '--recover-after', [CompletionResultType]::ParameterName, 'With --outage: it answers again this long after it stopped (or at this time)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;policy;apply' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Manifest file, directory, or - for stdin (repeatable)')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'Manifest file, directory, or - for stdin (repeatable)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace of PropagationPolicies that name none (default: default); a document in another namespace is an error')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace of PropagationPolicies that name none (default: default); a document in another namespace is an error')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--allow-no-execute-taint-policy', '--allow-no-execute-taint-policy', [CompletionResultType]::ParameterName, 'karmada-webhook''s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-R', '-R ', [CompletionResultType]::ParameterName, 'Read directories recursively')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Read directories recursively')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Lint warnings are errors (exit 2, nothing sent)')
            [CompletionResult]::new('--force-conflicts', '--force-conflicts', [CompletionResultType]::ParameterName, 'Take over fields another field manager owns (server-side apply conflicts)')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Print what would change against the live objects before applying')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;policy;evaluate-taints' {
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Write even when the clusters with NoExecute taints would pass the unhealthy threshold (--unhealthy-cluster-threshold, default 0.55)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;policy;help' {
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause')
            [CompletionResult]::new('evaluate-taints', 'evaluate-taints', [CompletionResultType]::ParameterValue, 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;policy;help;explain' {
            break
        }
        'karmadactl;policy;help;apply' {
            break
        }
        'karmadactl;policy;help;evaluate-taints' {
            break
        }
        'karmadactl;policy;help;help' {
            break
        }
        'karmadactl;drain' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Drain the clusters matching this label selector')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Drain the clusters matching this label selector')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--purge-mode', '--purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of the evictions (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)')
            [CompletionResult]::new('--grace-period', '--grace-period', [CompletionResultType]::ParameterName, 'How long an old copy may wait for its new placement (the task''s gracePeriodSeconds; default: the controller''s --graceful-eviction-timeout)')
            [CompletionResult]::new('--min-available-clusters', '--min-available-clusters', [CompletionResultType]::ParameterName, 'Refuse to evict a binding that would then run on fewer clusters')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Share of clusters drained or carrying a NoExecute taint above which the drain is refused without --force')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Writes in flight at once')
            [CompletionResult]::new('--eviction-rate', '--eviction-rate', [CompletionResultType]::ParameterName, 'Evictions started per second, at most (default: as fast as the server takes them)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long --wait waits')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'karmada-controller-manager''s feature gates the drain assumes: with StatefulFailoverInjection=true each eviction carries the state of the binding''s statePreservation rules, as the taint manager''s would (default: the settings remembered for the context, else upstream''s: off)')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates the capacity check assumes, e.g. SchedulingOvercommitProtection=true (default: the settings remembered for the context, else upstream''s)')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--no-cordon', '--no-cordon', [CompletionResultType]::ParameterName, 'Do not cordon the clusters first')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Evict even bindings with nowhere to go (they disappear), drain even when most of the fleet is down or when replicas would not fit where they land')
            [CompletionResult]::new('--allow-pending', '--allow-pending', [CompletionResultType]::ParameterName, 'Drain even when the replicas it moves would not all fit where the scheduler sends them (they stay Pending there); without it such a drain is refused')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'After writing, watch until every eviction this drain wrote has cleared')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every graceful eviction task and where it stands now')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Take evictions back: remove the task and put the cluster back into the placement')
            [CompletionResult]::new('confirm', 'confirm', [CompletionResultType]::ParameterValue, 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)')
            [CompletionResult]::new('extend', 'extend', [CompletionResultType]::ParameterValue, 'Give evictions more time before they time out (gracePeriodSeconds)')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;evictions;list' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Only tasks from this cluster')
            [CompletionResult]::new('--producer', '--producer', [CompletionResultType]::ParameterName, 'Only tasks of this producer (e.g. TaintManager, karmadactl)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'The controller''s --graceful-eviction-timeout, for tasks without a grace period (default: the snapshot header''s, else 10m)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Keep the list current from a watch until every task listed is gone (or Ctrl-C)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions;abort' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The cluster whose eviction is taken back')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Writes in flight at once')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every binding with an eviction from --cluster')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Abort even when the taint manager would evict again or the old copy is already gone (a cordoned cluster needs no --force: it stays cordoned)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions;confirm' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Only the task from this cluster (default: every task of the binding)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'The controller''s --graceful-eviction-timeout, for tasks without a grace period')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Writes in flight at once')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every binding in scope')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions;extend' {
            [CompletionResult]::new('--grace-period', '--grace-period', [CompletionResultType]::ParameterName, 'How much longer from now the old copies may wait for the new placement')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Only the task from this cluster (default: every task of the binding)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'The controller''s --graceful-eviction-timeout, for tasks without a grace period')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Writes in flight at once')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every binding in scope')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions;prune' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Only the task from this cluster (default: every task of the binding)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'The controller''s --graceful-eviction-timeout, for tasks without a grace period')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Writes in flight at once')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--recovered', '--recovered', [CompletionResultType]::ParameterName, 'Remove the tasks whose cluster is Ready again and whose binding is healthy on every cluster it is placed on (the only kind of prune there is; required so the intent is written out)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every binding in scope')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;evictions;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every graceful eviction task and where it stands now')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Take evictions back: remove the task and put the cluster back into the placement')
            [CompletionResult]::new('confirm', 'confirm', [CompletionResultType]::ParameterValue, 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)')
            [CompletionResult]::new('extend', 'extend', [CompletionResultType]::ParameterValue, 'Give evictions more time before they time out (gracePeriodSeconds)')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;evictions;help;list' {
            break
        }
        'karmadactl;evictions;help;abort' {
            break
        }
        'karmadactl;evictions;help;confirm' {
            break
        }
        'karmadactl;evictions;help;extend' {
            break
        }
        'karmadactl;evictions;help;prune' {
            break
        }
        'karmadactl;evictions;help;help' {
            break
        }
        'karmadactl;failback' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'How bindings return')
            [CompletionResult]::new('--stable-for', '--stable-for', [CompletionResultType]::ParameterName, 'How long each cluster must have been Ready (from the condition''s lastTransitionTime)')
            [CompletionResult]::new('--grace-period', '--grace-period', [CompletionResultType]::ParameterName, 'gracePeriodSeconds of the eviction tasks for the clusters a binding leaves (default: the controller''s --graceful-eviction-timeout)')
            [CompletionResult]::new('--max-concurrent', '--max-concurrent', [CompletionResultType]::ParameterName, 'Bindings in flight at once (written and not yet healthy long enough)')
            [CompletionResult]::new('--min-success-time', '--min-success-time', [CompletionResultType]::ParameterName, 'How long a returned binding must stay healthy on the cluster before it counts as done and the next may start')
            [CompletionResult]::new('--progress-deadline', '--progress-deadline', [CompletionResultType]::ParameterName, 'How long a returned binding may take to become healthy before it counts as failed')
            [CompletionResult]::new('--max-failures', '--max-failures', [CompletionResultType]::ParameterName, 'Stop starting new returns once this many have failed')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: remembered for the context, else the newest release this tool knows): where a reschedule starts among clusterAffinities terms')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Also every binding without a record whose placement admits the clusters (with --mode reschedule; restore needs a record)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move')
            [CompletionResult]::new('capacity', 'capacity', [CompletionResultType]::ParameterValue, 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer')
            [CompletionResult]::new('settings', 'settings', [CompletionResultType]::ParameterValue, 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;failover;doctor' {
            [CompletionResult]::new('--host-kubeconfig', '--host-kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig of the host cluster Karmada runs on: the controller settings are read from the karmada-controller-manager and karmada-webhook Deployments there')
            [CompletionResult]::new('--host-context', '--host-context', [CompletionResultType]::ParameterName, 'Context of --host-kubeconfig (default: its current context)')
            [CompletionResult]::new('--karmada-namespace', '--karmada-namespace', [CompletionResultType]::ParameterName, 'Namespace of the Karmada components on the host cluster: searched for the Deployments every installer (karmadactl init, the Helm chart, karmada-operator) creates, and for containers running the Karmada binaries')
            [CompletionResult]::new('--controller-manager', '--controller-manager', [CompletionResultType]::ParameterName, 'The karmada-controller-manager Deployment, when the search does not find it')
            [CompletionResult]::new('--webhook', '--webhook', [CompletionResultType]::ParameterName, 'The karmada-webhook Deployment, when the search does not find it')
            [CompletionResult]::new('--scheduler', '--scheduler', [CompletionResultType]::ParameterName, 'The karmada-scheduler Deployment, when the search does not find it')
            [CompletionResult]::new('--descheduler-deployment', '--descheduler-deployment', [CompletionResultType]::ParameterName, 'The karmada-descheduler Deployment, when the search does not find it')
            [CompletionResult]::new('--upgrade-to', '--upgrade-to', [CompletionResultType]::ParameterName, 'Compare with another Karmada release instead: the policies it refuses or reads differently, the eviction tasks whose meaning changes, the findings that appear or go, and per cluster whether its loss would be handled differently')
            [CompletionResult]::new('--allow-no-execute-taint-policy', '--allow-no-execute-taint-policy', [CompletionResultType]::ParameterName, 'karmada-webhook''s --allow-no-execute-taint-policy: whether it accepts ClusterTaintPolicies with NoExecute taints (upstream default: false)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;capacity' {
            [CompletionResult]::new('--lose', '--lose', [CompletionResultType]::ParameterName, 'Clusters lost at once, comma-separated (repeatable: each is one loss). Without --lose or --lose-selector, every cluster is lost on its own, one loss each')
            [CompletionResult]::new('--lose-selector', '--lose-selector', [CompletionResultType]::ParameterName, 'The clusters matching this label selector are lost at once (one more loss)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the picture, its legend and the text summary); self-contained, opens offline')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;settings' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('view', 'view', [CompletionResultType]::ParameterValue, 'Show what is remembered for the context (--karmada-context, else the current one), or for every context')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Forget remembered values, or everything remembered for the context (--all)')
            [CompletionResult]::new('refresh', 'refresh', [CompletionResultType]::ParameterValue, 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;failover;settings;view' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all-contexts', '--all-contexts', [CompletionResultType]::ParameterName, 'Every context in the settings file, not only the one in use')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;settings;set' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;failover;settings;unset' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Forget everything remembered for the context')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;failover;settings;refresh' {
            [CompletionResult]::new('--host-kubeconfig', '--host-kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig of the host cluster Karmada runs on (default: the one of the last discovery of this context)')
            [CompletionResult]::new('--host-context', '--host-context', [CompletionResultType]::ParameterName, 'Context of the host kubeconfig (default: the last discovery''s, else its current context)')
            [CompletionResult]::new('--karmada-namespace', '--karmada-namespace', [CompletionResultType]::ParameterName, 'Namespace of the Karmada components (default: the last discovery''s, else karmada-system)')
            [CompletionResult]::new('--controller-manager', '--controller-manager', [CompletionResultType]::ParameterName, 'The karmada-controller-manager Deployment, when the search does not find it')
            [CompletionResult]::new('--webhook', '--webhook', [CompletionResultType]::ParameterName, 'The karmada-webhook Deployment, when the search does not find it')
            [CompletionResult]::new('--scheduler', '--scheduler', [CompletionResultType]::ParameterName, 'The karmada-scheduler Deployment, when the search does not find it')
            [CompletionResult]::new('--descheduler-deployment', '--descheduler-deployment', [CompletionResultType]::ParameterName, 'The karmada-descheduler Deployment, when the search does not find it')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;settings;help' {
            [CompletionResult]::new('view', 'view', [CompletionResultType]::ParameterValue, 'Show what is remembered for the context (--karmada-context, else the current one), or for every context')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Forget remembered values, or everything remembered for the context (--all)')
            [CompletionResult]::new('refresh', 'refresh', [CompletionResultType]::ParameterValue, 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;failover;settings;help;view' {
            break
        }
        'karmadactl;failover;settings;help;set' {
            break
        }
        'karmadactl;failover;settings;help;unset' {
            break
        }
        'karmadactl;failover;settings;help;refresh' {
            break
        }
        'karmadactl;failover;settings;help;help' {
            break
        }
        'karmadactl;failover;watch' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop after this long even when the failover has not settled (exit 3): a step late on its prediction is followed until it comes or this ends the watch')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;report' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The cluster whose failover is reported')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only steps at or after this moment: a duration ago (2h) or an RFC 3339 time')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only steps at or before this moment: a duration ago (30m) or an RFC 3339 time')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the picture, its legend and the text summary); self-contained, opens offline')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;failover;help' {
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move')
            [CompletionResult]::new('capacity', 'capacity', [CompletionResultType]::ParameterValue, 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer')
            [CompletionResult]::new('settings', 'settings', [CompletionResultType]::ParameterValue, 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;failover;help;doctor' {
            break
        }
        'karmadactl;failover;help;capacity' {
            break
        }
        'karmadactl;failover;help;settings' {
            [CompletionResult]::new('view', 'view', [CompletionResultType]::ParameterValue, 'Show what is remembered for the context (--karmada-context, else the current one), or for every context')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Forget remembered values, or everything remembered for the context (--all)')
            [CompletionResult]::new('refresh', 'refresh', [CompletionResultType]::ParameterValue, 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default')
            break
        }
        'karmadactl;failover;help;settings;view' {
            break
        }
        'karmadactl;failover;help;settings;set' {
            break
        }
        'karmadactl;failover;help;settings;unset' {
            break
        }
        'karmadactl;failover;help;settings;refresh' {
            break
        }
        'karmadactl;failover;help;watch' {
            break
        }
        'karmadactl;failover;help;report' {
            break
        }
        'karmadactl;failover;help;help' {
            break
        }
        'karmadactl;maintenance' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Where the run and every one of its clusters stand')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Say the maintenance of clusters is done (a run without --hook waits for this)')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;maintenance;plan' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The clusters matching this label selector')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'The clusters matching this label selector')
            [CompletionResult]::new('--max-unavailable', '--max-unavailable', [CompletionResultType]::ParameterName, 'At most this many clusters out at once (one wave)')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'The order clusters are taken out in: name, blast-radius (the fewest replicas first) or label=KEY')
            [CompletionResult]::new('--purge-mode', '--purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of the drains (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)')
            [CompletionResult]::new('--min-available-clusters', '--min-available-clusters', [CompletionResultType]::ParameterName, 'Refuse to move a binding that would then run on fewer clusters')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool knows); predictions follow that release''s behaviour')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false, GracefulEviction=true, StatefulFailoverInjection=false)')
            [CompletionResult]::new('--controllers', '--controllers', [CompletionResultType]::ParameterName, 'The controllers karmada-controller-manager runs, as its --controllers list (upstream default: `*`); predictions read whether `applicationFailover` runs')
            [CompletionResult]::new('--scheduler-feature-gates', '--scheduler-feature-gates', [CompletionResultType]::ParameterName, 'karmada-scheduler''s feature gates, e.g. `SchedulingOvercommitProtection=true` (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling true on master, false before): how a failover burst is placed')
            [CompletionResult]::new('--enable-scheduler-estimator', '--enable-scheduler-estimator', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --enable-scheduler-estimator (default: false): each member''s karmada-scheduler-estimator counts its real nodes and pods, and the scheduler takes the smaller of its answer and the general estimator''s. Predictions then read the members'' Nodes and Pods through Karmada''s cluster proxy')
            [CompletionResult]::new('--disable-scheduler-estimator-in-pull-mode', '--disable-scheduler-estimator-in-pull-mode', [CompletionResultType]::ParameterName, 'karmada-scheduler''s --disable-scheduler-estimator-in-pull-mode (default: false): Pull clusters keep the general estimator''s answer alone')
            [CompletionResult]::new('--descheduler', '--descheduler', [CompletionResultType]::ParameterName, 'Whether karmada-descheduler runs beside the members'' scheduler-estimators (default: false; the doctor finds it): it takes replicas that stay Pending off their cluster so the scheduler places them elsewhere')
            [CompletionResult]::new('--unschedulable-threshold', '--unschedulable-threshold', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --unschedulable-threshold: how long a pod stays unschedulable before it is moved (default: 5m)')
            [CompletionResult]::new('--descheduling-interval', '--descheduling-interval', [CompletionResultType]::ParameterName, 'karmada-descheduler''s --descheduling-interval (default: 2m)')
            [CompletionResult]::new('--enable-no-execute-taint-eviction', '--enable-no-execute-taint-eviction', [CompletionResultType]::ParameterName, 'Whether NoExecute taints evict (upstream default: false)')
            [CompletionResult]::new('--no-execute-taint-eviction-purge-mode', '--no-execute-taint-eviction-purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of evictions of bindings without failover.cluster (default: Gracefully)')
            [CompletionResult]::new('--graceful-eviction-timeout', '--graceful-eviction-timeout', [CompletionResultType]::ParameterName, 'How long a graceful eviction waits for the new placement (default: 10m)')
            [CompletionResult]::new('--resource-eviction-rate', '--resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings per second each eviction worker paces itself to (default: 0.5)')
            [CompletionResult]::new('--secondary-resource-eviction-rate', '--secondary-resource-eviction-rate', [CompletionResultType]::ParameterName, 'Bindings evicted per second when too many clusters are faulty (default: 0.1; proposal model only)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Faulty share of clusters above which the secondary rate applies (default: 0.55; proposal model only)')
            [CompletionResult]::new('--large-cluster-num-threshold', '--large-cluster-num-threshold', [CompletionResultType]::ParameterName, 'Fleets up to this size stop evicting instead of slowing down (default: 10; proposal model only)')
            [CompletionResult]::new('--rate-limiter-base-delay', '--rate-limiter-base-delay', [CompletionResultType]::ParameterName, 'Base delay of the rate limiter''s per-item back-off (default: 5ms)')
            [CompletionResult]::new('--rate-limiter-max-delay', '--rate-limiter-max-delay', [CompletionResultType]::ParameterName, 'Longest delay of the rate limiter''s per-item back-off (default: 1000s)')
            [CompletionResult]::new('--rate-limiter-qps', '--rate-limiter-qps', [CompletionResultType]::ParameterName, 'Token-bucket refill of the rate limiter, per second (default: 10)')
            [CompletionResult]::new('--rate-limiter-bucket-size', '--rate-limiter-bucket-size', [CompletionResultType]::ParameterName, 'Token-bucket size of the rate limiter (default: 100)')
            [CompletionResult]::new('--cluster-status-update-frequency', '--cluster-status-update-frequency', [CompletionResultType]::ParameterName, 'How often the cluster-status controller probes each member (default: 10s)')
            [CompletionResult]::new('--cluster-failure-threshold', '--cluster-failure-threshold', [CompletionResultType]::ParameterName, 'How long probes must fail before a cluster is Ready=False (default: 30s)')
            [CompletionResult]::new('--cluster-success-threshold', '--cluster-success-threshold', [CompletionResultType]::ParameterName, 'How long probes must succeed before a cluster is Ready=True again (default: 30s)')
            [CompletionResult]::new('--cluster-monitor-period', '--cluster-monitor-period', [CompletionResultType]::ParameterName, 'The cluster controller''s monitor tick, for Pull clusters'' leases (default: 5s)')
            [CompletionResult]::new('--cluster-monitor-grace-period', '--cluster-monitor-grace-period', [CompletionResultType]::ParameterName, 'How old a Pull cluster''s lease may get before Ready=Unknown (default: 40s)')
            [CompletionResult]::new('--cluster-lease-duration', '--cluster-lease-duration', [CompletionResultType]::ParameterName, 'karmada-agent''s lease duration (default: 40s)')
            [CompletionResult]::new('--cluster-lease-renew-interval-fraction', '--cluster-lease-renew-interval-fraction', [CompletionResultType]::ParameterName, 'karmada-agent''s lease renew interval, as a fraction of the duration (default: 0.25)')
            [CompletionResult]::new('--queue-model', '--queue-model', [CompletionResultType]::ParameterName, 'Which eviction queue to assume: `upstream` (what karmada-controller-manager runs: two paced queues of 3 workers) or `proposal` (the failover proposal''s queue, which slows down above the unhealthy threshold and abandons evictions with nowhere to go; not built upstream)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the picture, its legend and the text summary); self-contained, opens offline')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every cluster of the fleet')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;maintenance;run' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The clusters matching this label selector')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'The clusters matching this label selector')
            [CompletionResult]::new('--max-unavailable', '--max-unavailable', [CompletionResultType]::ParameterName, 'At most this many clusters out at once (one wave)')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'The order clusters are taken out in: name, blast-radius (the fewest replicas first) or label=KEY')
            [CompletionResult]::new('--purge-mode', '--purge-mode', [CompletionResultType]::ParameterName, 'Purge mode of the drains (default: each binding''s spec.failover.cluster.purgeMode, else Gracefully)')
            [CompletionResult]::new('--min-available-clusters', '--min-available-clusters', [CompletionResultType]::ParameterName, 'Refuse to move a binding that would then run on fewer clusters')
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules')
            [CompletionResult]::new('--hook', '--hook', [CompletionResultType]::ParameterName, 'The maintenance itself, run per cluster with `sh -c` once its workloads have moved away; its environment names the cluster (KARMADACTL_CLUSTER, KARMADACTL_CLUSTER_CONTEXT, KARMADACTL_KARMADA_CONTEXT, KARMADACTL_RUN, KARMADACTL_WAVE, KUBECONFIG). Exit 0: done. Without --hook the run waits for `karmadactl maintenance approve CLUSTER`')
            [CompletionResult]::new('--cluster-context', '--cluster-context', [CompletionResultType]::ParameterName, 'The member''s kubeconfig context given to the hook; {cluster} stands for its name')
            [CompletionResult]::new('--hook-timeout', '--hook-timeout', [CompletionResultType]::ParameterName, 'How long one hook may run before it is killed (the cluster fails)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long the moved workloads may take to be Healthy where they went')
            [CompletionResult]::new('--stable-for', '--stable-for', [CompletionResultType]::ParameterName, 'Health gate: how long a maintained cluster must have been Ready (with no NoExecute taint) before its workloads return')
            [CompletionResult]::new('--gate-timeout', '--gate-timeout', [CompletionResultType]::ParameterName, 'How long the health gate may take to pass')
            [CompletionResult]::new('--soak', '--soak', [CompletionResultType]::ParameterName, 'How long what returned must stay Healthy before the next wave starts')
            [CompletionResult]::new('--max-failures', '--max-failures', [CompletionResultType]::ParameterName, 'Failed clusters to tolerate before the run stops (a failed cluster stays as its step left it, and counts as out while cordoned)')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Evictions in flight at once (drain)')
            [CompletionResult]::new('--eviction-rate', '--eviction-rate', [CompletionResultType]::ParameterName, 'At most this many evictions a second (drain)')
            [CompletionResult]::new('--unhealthy-cluster-threshold', '--unhealthy-cluster-threshold', [CompletionResultType]::ParameterName, 'Refuse a wave when this share of clusters or more would be cordoned or carry a NoExecute taint (drain)')
            [CompletionResult]::new('--max-concurrent', '--max-concurrent', [CompletionResultType]::ParameterName, 'Returns in flight at once (failback)')
            [CompletionResult]::new('--min-success-time', '--min-success-time', [CompletionResultType]::ParameterName, 'How long a returned binding must stay Healthy before it counts (failback)')
            [CompletionResult]::new('--progress-deadline', '--progress-deadline', [CompletionResultType]::ParameterName, 'How long a returned binding may take to be Healthy (failback)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview: `client` prints the plan and writes nothing')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Progress: lines (on a terminal, with a spinner while waiting), or JSON Lines')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Progress: lines (on a terminal, with a spinner while waiting), or JSON Lines')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every cluster of the fleet')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;maintenance;resume' {
            [CompletionResult]::new('--karmada-version', '--karmada-version', [CompletionResultType]::ParameterName, 'The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for the context, else the newest release this tool knows): the checks and predictions follow that release''s rules')
            [CompletionResult]::new('--max-failures', '--max-failures', [CompletionResultType]::ParameterName, 'Failed clusters to tolerate from now on (default: as the run was started)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Progress: lines, or JSON Lines')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Progress: lines, or JSON Lines')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;maintenance;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the picture, its legend and the text summary); self-contained, opens offline')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;maintenance;approve' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;maintenance;abort' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait for the run to stop after its current step')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('--no-wait', '--no-wait', [CompletionResultType]::ParameterName, 'Return at once instead of waiting until the run has stopped')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;maintenance;help' {
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Where the run and every one of its clusters stand')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Say the maintenance of clusters is done (a run without --hook waits for this)')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;maintenance;help;plan' {
            break
        }
        'karmadactl;maintenance;help;run' {
            break
        }
        'karmadactl;maintenance;help;resume' {
            break
        }
        'karmadactl;maintenance;help;status' {
            break
        }
        'karmadactl;maintenance;help;approve' {
            break
        }
        'karmadactl;maintenance;help;abort' {
            break
        }
        'karmadactl;maintenance;help;help' {
            break
        }
        'karmadactl;history' {
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'Every binding that is or was on this cluster, or has an eviction, a drain record or an Event about it; only the entries about this cluster (and scheduling)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Only ResourceBindings of this namespace (ClusterResourceBindings are skipped)')
            [CompletionResult]::new('--binding-selector', '--binding-selector', [CompletionResultType]::ParameterName, 'Only bindings whose labels match this selector')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`, `statefulsets`, ...)')
            [CompletionResult]::new('--snapshot', '--snapshot', [CompletionResultType]::ParameterName, 'Read the fleet from a snapshot (file, directory, or - for stdin) instead of the control plane. Times are relative to the snapshot''s capture time when it has one')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Every namespace, and ClusterResourceBindings (the default)')
            [CompletionResult]::new('--all-events', '--all-events', [CompletionResultType]::ParameterName, 'Also Events whose reason history does not classify (as `other`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;snapshot' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout)')
            [CompletionResult]::new('--controller-setting', '--controller-setting', [CompletionResultType]::ParameterName, 'Record a controller flag with the snapshot, e.g. feature-gates=Failover=true (repeatable); read-only commands use it unless overridden')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;completion' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--chunk-size', '--chunk-size', [CompletionResultType]::ParameterName, 'Objects per page of a list, as kubectl''s --chunk-size: memory holds about two pages at a time; 0 asks for everything in one response')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--kube-api-qps', '--kube-api-qps', [CompletionResultType]::ParameterName, 'Requests a second the tool sends at most, as client-go''s --kube-api-qps (a burst of --kube-api-burst first; kubectl''s defaults); 0 removes the limit')
            [CompletionResult]::new('--kube-api-burst', '--kube-api-burst', [CompletionResultType]::ParameterName, 'Requests sent at once before --kube-api-qps paces them')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;help' {
            [CompletionResult]::new('taint', 'taint', [CompletionResultType]::ParameterValue, 'Add, change or remove taints on member clusters')
            [CompletionResult]::new('cordon', 'cordon', [CompletionResultType]::ParameterValue, 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('uncordon', 'uncordon', [CompletionResultType]::ParameterValue, 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('dry-run', 'dry-run', [CompletionResultType]::ParameterValue, 'Simulate a cluster failure: what would be evicted, when, and where it would go')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Explain failover decisions for a binding or a ClusterTaintPolicy')
            [CompletionResult]::new('drain', 'drain', [CompletionResultType]::ParameterValue, 'Drain clusters for maintenance: cordon, then evict every binding that can move')
            [CompletionResult]::new('evictions', 'evictions', [CompletionResultType]::ParameterValue, 'List graceful evictions and where they stand, take them back, confirm, extend or prune them')
            [CompletionResult]::new('failback', 'failback', [CompletionResultType]::ParameterValue, 'Return workloads to recovered clusters: health-gated, a few at a time, each watched until healthy there')
            [CompletionResult]::new('failover', 'failover', [CompletionResultType]::ParameterValue, 'Cluster failover as a whole: `failover doctor` checks whether it would happen')
            [CompletionResult]::new('maintenance', 'maintenance', [CompletionResultType]::ParameterValue, 'Take clusters out for maintenance in waves: `maintenance plan` says what each wave moves where and whether it fits')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'The failover record of a binding, or of every binding a cluster touched: evictions, drains, aborts and scheduling, oldest first')
            [CompletionResult]::new('snapshot', 'snapshot', [CompletionResultType]::ParameterValue, 'Capture the live fleet (clusters, bindings, policies) into a snapshot file')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;help;taint' {
            break
        }
        'karmadactl;help;cordon' {
            break
        }
        'karmadactl;help;uncordon' {
            break
        }
        'karmadactl;help;dry-run' {
            break
        }
        'karmadactl;help;policy' {
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain, for a binding, every cluster''s taints, tolerations, gates, queue position, predicted placement and verdict; or what a ClusterTaintPolicy does now')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies after checking them as a real control plane does, with a failover lint and a preview of the evictions they cause')
            [CompletionResult]::new('evaluate-taints', 'evaluate-taints', [CompletionResultType]::ParameterValue, 'Evaluate every ClusterTaintPolicy against every cluster''s conditions now, as the cluster-taint-policy controller does, and (with consent) write the taints')
            break
        }
        'karmadactl;help;policy;explain' {
            break
        }
        'karmadactl;help;policy;apply' {
            break
        }
        'karmadactl;help;policy;evaluate-taints' {
            break
        }
        'karmadactl;help;drain' {
            break
        }
        'karmadactl;help;evictions' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every graceful eviction task and where it stands now')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Take evictions back: remove the task and put the cluster back into the placement')
            [CompletionResult]::new('confirm', 'confirm', [CompletionResultType]::ParameterValue, 'Let held old copies go now (tasks with suppressDeletion: true or purge mode Never)')
            [CompletionResult]::new('extend', 'extend', [CompletionResultType]::ParameterValue, 'Give evictions more time before they time out (gracePeriodSeconds)')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Remove evictions whose cluster is Ready again and whose binding is healthy everywhere else, so the cluster can be scheduled to again')
            break
        }
        'karmadactl;help;evictions;list' {
            break
        }
        'karmadactl;help;evictions;abort' {
            break
        }
        'karmadactl;help;evictions;confirm' {
            break
        }
        'karmadactl;help;evictions;extend' {
            break
        }
        'karmadactl;help;evictions;prune' {
            break
        }
        'karmadactl;help;failback' {
            break
        }
        'karmadactl;help;failover' {
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Will cluster failover actually happen? Checks the controller switches, the ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its failure would move')
            [CompletionResult]::new('capacity', 'capacity', [CompletionResultType]::ParameterValue, 'Will it fit? For the loss of every cluster (or of the sets named), what leaves, where it lands, what stays Pending for want of room and what has nowhere to go: the fleet''s N-1 answer')
            [CompletionResult]::new('settings', 'settings', [CompletionResultType]::ParameterValue, 'The controller settings remembered for a kubeconfig context, which every prediction uses unless a flag says otherwise: view, set, unset, or refresh them from the components on the host cluster')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Follow a failover as it happens: each failing cluster''s stage, the fleet''s moves against the predicted totals, the queue as the twin replays it, and every step beside the interval predicted for it. Ends once the failover settles (or Ctrl-C)')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'A failover after the fact, from what the control plane still holds: per binding the time from the failure to the eviction, the new placement and the old copy''s removal, each beside its predicted interval; the time away (p50/p95/max)')
            break
        }
        'karmadactl;help;failover;doctor' {
            break
        }
        'karmadactl;help;failover;capacity' {
            break
        }
        'karmadactl;help;failover;settings' {
            [CompletionResult]::new('view', 'view', [CompletionResultType]::ParameterValue, 'Show what is remembered for the context (--karmada-context, else the current one), or for every context')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Remember values by hand: FLAG=VALUE, as the component''s flag takes it')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Forget remembered values, or everything remembered for the context (--all)')
            [CompletionResult]::new('refresh', 'refresh', [CompletionResultType]::ParameterValue, 'Read the components'' flags on the host cluster (as `failover doctor` does) and remember them, with the time of the discovery; a flag a component does not set is remembered as upstream''s default')
            break
        }
        'karmadactl;help;failover;settings;view' {
            break
        }
        'karmadactl;help;failover;settings;set' {
            break
        }
        'karmadactl;help;failover;settings;unset' {
            break
        }
        'karmadactl;help;failover;settings;refresh' {
            break
        }
        'karmadactl;help;failover;watch' {
            break
        }
        'karmadactl;help;failover;report' {
            break
        }
        'karmadactl;help;maintenance' {
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan the maintenance of a set of clusters in waves: per wave what its drain moves where and whether it fits there, and the clusters that cannot be taken out at all. Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with nowhere to go, naming them')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run the maintenance: per wave, drain the clusters (every check of `drain`), wait until what moved is Healthy where it went, run --hook per cluster (or wait for `maintenance approve`), hold each to the health gate, uncordon, fail back, soak; then the next wave. The run''s state lives on the control plane (configmap karmada-system/karmadactl-maintenance): one run at a time')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Go on with a stopped run, or one whose process died, from the step it was in (from any machine)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Where the run and every one of its clusters stand')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Say the maintenance of clusters is done (a run without --hook waits for this)')
            [CompletionResult]::new('abort', 'abort', [CompletionResultType]::ParameterValue, 'Stop the run after its current step; every cluster is left as the report says, with the commands that put it back in service')
            break
        }
        'karmadactl;help;maintenance;plan' {
            break
        }
        'karmadactl;help;maintenance;run' {
            break
        }
        'karmadactl;help;maintenance;resume' {
            break
        }
        'karmadactl;help;maintenance;status' {
            break
        }
        'karmadactl;help;maintenance;approve' {
            break
        }
        'karmadactl;help;maintenance;abort' {
            break
        }
        'karmadactl;help;history' {
            break
        }
        'karmadactl;help;snapshot' {
            break
        }
        'karmadactl;help;completion' {
            break
        }
        'karmadactl;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
