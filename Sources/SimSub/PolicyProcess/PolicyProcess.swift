import Foundation

/// A policy's own program, started in a process group of its own, with pipes for its standard
/// input, output and error: the far end of the process protocol (docs/POLICY-PROCESS.md).
///
/// Started with posix_spawn(3), not Foundation's `Process`. swift-corelibs-foundation's
/// `Process` does put the child in a group of its own (`POSIX_SPAWN_SETPGROUP`), but it cannot
/// be used here: the child inherits the signal mask of the thread that starts it, and simsub
/// blocks SIGINT, SIGTERM and SIGHUP in every thread (``TerminationSignals``), so a child of
/// `Process` would never see the SIGTERM that asks it to stop; `Process` reaps the child on a
/// thread of its own, so the group could not be kept reserved (``ProcessGroupLeader``) while it
/// is signalled; and it looks up no `PATH`. posix_spawn sets the group, resets the signal mask
/// and every signal's action to the default (an ignored SIGPIPE, say, is inherited otherwise),
/// and `posix_spawnp` searches `PATH`, the parent's (POSIX.1-2017, posix_spawn()).
///
/// Only the three pipes reach the child: every descriptor simsub makes here is close-on-exec
/// before any other child is started (were the write end of one child's standard input
/// inherited by a second child, the first would never see end of file), and where glibc offers it
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34) every other descriptor is closed
/// in the child too.
///
/// ``stop()`` ends it: standard input closed (a well-behaved policy ends at end of file), a
/// short wait, then SIGTERM to the group, `grace` seconds, SIGKILL to the group, and the child
/// reaped. The group is registered in ``ProcessGroups`` from the moment it exists, so a program
/// ended by a signal stops it too.
package final class PolicyProcess: @unchecked Sendable {
  /// The policy's name, in front of each line of its standard error.
  package let name: String
  /// The command: the program (looked up in `PATH` when it has no `/`) and its arguments.
  package let arguments: [String]
  /// Seconds between SIGTERM and SIGKILL when stopping.
  package let grace: Double
  /// Seconds ``stop()`` waits, after closing standard input, before it sends SIGTERM.
  package let exitWait: Double
  /// The child and its group.
  package let leader: ProcessGroupLeader
  /// The child's process id (also its group's id).
  package var pid: pid_t { leader.pid }

  /// simsub's end of the child's standard input (non-blocking), or -1 once closed.
  private(set) var inputDescriptor: Int32
  /// simsub's end of the child's standard output (non-blocking), or -1 once closed.
  private(set) var outputDescriptor: Int32
  private let relay: StandardErrorRelay
  private let lock = NSLock()
  private var stopped: ProcessExit?

  /// Starts `arguments` with `environment` added to simsub's own, its standard error relayed to
  /// `console` with `[name] ` in front of each line. With `relaysOutput` its standard output is
  /// relayed the same way, into the same lines (a server's log, which no protocol reads), and
  /// the output pipe simsub reads stays empty. With `directory` the child starts there (a
  /// policy file's commands run beside the file); in simsub's own working directory otherwise.
  package init(
    name: String, arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    grace: Double = 2, exitWait: Double = 0.5, relaysOutput: Bool = false, console: any Console
  ) throws(PolicyProcessStartFailure) {
    self.name = name
    self.arguments = arguments
    self.grace = grace
    self.exitWait = exitWait
    guard !arguments.isEmpty else { throw PolicyProcessStartFailure(arguments: [], code: EINVAL, call: "") }
    // [stdin read, stdin write, stdout read, stdout write, stderr read, stderr write]
    var pipes: [Int32] = []
    let spawned = ProcessGroups.registering(grace: grace) {
      () -> Result<ProcessGroupLeader, PolicyProcessStartFailure> in
      for _ in 0..<3 {
        var ends: [Int32] = [-1, -1]
        guard Self.makePipe(&ends) == 0 else {
          return .failure(PolicyProcessStartFailure(arguments: arguments, code: errno, call: "pipe"))
        }
        pipes += ends
      }
      return Self.spawn(
        arguments, environment: environment, directory: directory, input: pipes[0],
        output: relaysOutput ? pipes[5] : pipes[3],
        error: pipes[5]
      )
      .mapError { PolicyProcessStartFailure(arguments: arguments, code: $0.code, call: "posix_spawn") }
    }
    let leader: ProcessGroupLeader
    switch spawned {
    case .success(let started): leader = started
    case .failure(let failure):
      for descriptor in pipes { close(descriptor) }
      throw failure
    }
    close(pipes[0])
    close(pipes[3])
    close(pipes[5])
    self.leader = leader
    inputDescriptor = pipes[1]
    outputDescriptor = pipes[2]
    for descriptor in [pipes[1], pipes[2]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    relay = StandardErrorRelay(descriptor: pipes[4], name: name, console: console)
  }

  deinit {
    _ = stop()
  }

  /// The last lines of the child's standard error, oldest first, after waiting up to `seconds`
  /// for its end (so that what a child wrote as it died is there).
  package func lastStandardErrorLines(waitingUpTo seconds: Double = 0) -> [String] {
    relay.lastLines(waitingUpTo: seconds)
  }

  /// How the child ended, if it has (it is not reaped).
  package func ended() -> ProcessExit? { leader.ended() }

  /// Closes the child's standard input: the end of the requests.
  package func closeInput() {
    lock.lock()
    defer { lock.unlock() }
    if inputDescriptor >= 0 { close(inputDescriptor) }
    inputDescriptor = -1
  }

  /// Stops the child and its group and reaps it; returns how it ended. Later calls return the
  /// same without doing anything.
  @discardableResult
  package func stop() -> ProcessExit {
    lock.lock()
    defer { lock.unlock() }
    if let stopped { return stopped }
    if inputDescriptor >= 0 { close(inputDescriptor) }
    inputDescriptor = -1
    _ = leader.waitForEnd(seconds: exitWait)
    let exit = ProcessGroups.stop([leader], grace: grace)[0]
    if outputDescriptor >= 0 { close(outputDescriptor) }
    outputDescriptor = -1
    stopped = exit
    return exit
  }

  /// A pipe whose two ends are close-on-exec. Made under the registry's lock, as every child
  /// here is started, so none of them can inherit it in the moment before `FD_CLOEXEC` is set
  /// (Swift's Glibc module has no `pipe2`); Foundation's `Process` closes every descriptor above
  /// 2 in its children itself.
  private static func makePipe(_ ends: inout [Int32]) -> Int32 {
    guard pipe(&ends) == 0 else { return -1 }
    for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return 0
  }

  /// The `errno` of a failed posix_spawn.
  private struct SpawnError: Error {
    var code: Int32
  }

  /// posix_spawnp with the three pipes as descriptors 0, 1 and 2, a new group, the default
  /// signal mask and actions; the child's process id, or the `errno`.
  private static func spawn(
    _ arguments: [String], environment: [String: String], directory: String?, input: Int32, output: Int32,
    error: Int32
  ) -> Result<ProcessGroupLeader, SpawnError> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO)
    if let directory {
      guard let addChdir = Self.addChdir else { return .failure(SpawnError(code: ENOSYS)) }
      let code = directory.withCString { addChdir(&actions, $0) }
      guard code == 0 else { return .failure(SpawnError(code: code)) }
    }
    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
      closeOthers(&actions)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigfillset(&defaults)
    sigdelset(&defaults, SIGKILL)
    sigdelset(&defaults, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard code == 0 else { return .failure(SpawnError(code: code)) }
    return .success(ProcessGroupLeader(pid: pid))
  }

  #if canImport(Darwin)
    private typealias AddChdir =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t?>, UnsafePointer<CChar>) -> Int32
  #else
    private typealias AddChdir =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
  #endif
  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), found at run time: Swift's
  /// Glibc module does not declare it.
  #if canImport(Darwin)
    // RTLD_DEFAULT
    private static var everyImage: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: -2) }
  #else
    private static var everyImage: UnsafeMutableRawPointer? { nil }  // RTLD_DEFAULT
  #endif
  private static let addChdir: AddChdir? = dlsym(everyImage, "posix_spawn_file_actions_addchdir_np").map {
    unsafeBitCast($0, to: AddChdir.self)
  }

  #if !canImport(Darwin)
    private typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), found at run time: Swift's
    /// Glibc module does not declare it.
    private static let closeFrom: CloseFrom? = dlsym(
      nil, "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: CloseFrom.self) }

    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
      _ = closeFrom?(&actions, STDERR_FILENO + 1)
    }
  #endif
}
