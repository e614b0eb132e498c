/// What a `montecarlo` run sweeps: one `--sweep` key (its values are the points), or two for a
/// grid (every value of the first with every value of the second, the first key's values
/// outermost). The first point, every key at its first value, is the baseline every other point
/// is compared with; every point is played on the same random draws.
public struct SweepGrid: Hashable, Sendable {
  /// The keys and their values, as given: one, or two for a grid.
  public let axes: [PopulationSweep]
  /// Each point's value index on each axis, the first axis outermost.
  public let points: [[Int]]

  /// The most points one run plays (each costs a run of the population): a 6 × 6 grid.
  public static let maximumPoints = 36

  public init(_ axes: [PopulationSweep]) throws(PopulationSweep.Failure) {
    guard axes.count == 1 || axes.count == 2 else {
      throw PopulationSweep.Failure(
        message: "--sweep is given \(axes.count) times; a sweep plays one key, or two for a grid")
    }
    if axes.count == 2 {
      let (a, b) = (axes[0].key, axes[1].key)
      guard a != b else {
        throw PopulationSweep.Failure(
          message: "--sweep \(a) is given twice; a grid sweeps two different keys")
      }
      guard PopulationSweep.target(a) != PopulationSweep.target(b) else {
        throw PopulationSweep.Failure(
          message:
            "--sweep \(a) and --sweep \(b) are the same setting of the file; a grid sweeps two different ones"
        )
      }
      let count = axes[0].values.count * axes[1].values.count
      guard count <= Self.maximumPoints else {
        throw PopulationSweep.Failure(
          message:
            "--sweep \(a) × \(b): \(axes[0].values.count) × \(axes[1].values.count) = \(count) points; a grid plays at most \(Self.maximumPoints)"
        )
      }
    }
    self.axes = axes
    points =
      axes.count == 1
      ? axes[0].values.indices.map { [$0] }
      : axes[0].values.indices.flatMap { i in axes[1].values.indices.map { [i, $0] } }
  }

  /// A one-key sweep.
  public init(_ sweep: PopulationSweep) {
    axes = [sweep]
    points = sweep.values.indices.map { [$0] }
  }

  public var isGrid: Bool { axes.count == 2 }

  /// What is swept, as a heading and an axis say it: `apple.grace`, `apple.grace × apple.hold`.
  public var key: String { axes.map(\.key).joined(separator: " × ") }

  /// Each point's values as a row of a table says them: `16d`, or `16d, 30d` in a grid.
  public var values: [String] { points.indices.map(value) }

  /// Point `p`'s values: `16d`, or `16d, 30d` in a grid.
  public func value(_ p: Int) -> String {
    zip(axes, points[p]).map { $0.values[$1] }.joined(separator: ", ")
  }

  /// Point `p` with its keys: `apple.grace=16d`, or `apple.grace=16d, apple.hold=30d`.
  public func label(_ p: Int) -> String {
    zip(axes, points[p]).map { "\($0.key)=\($0.values[$1])" }.joined(separator: ", ")
  }

  /// The population at each point: the file's document with the point's values written in,
  /// decoded again. Errors name the keys and values.
  public func populations(_ root: YAMLNode, path: String) throws(PopulationSweep.Failure) -> [Population] {
    var targets: [PopulationSweep.Target] = []
    for axis in axes {
      guard let target = PopulationSweep.target(axis.key) else {
        throw PopulationSweep.Failure(message: "unknown --sweep key '\(axis.key)'")
      }
      targets.append(target)
    }
    // In a grid each key's values are checked alone first, so a bad value is named once with
    // its key rather than at every point it is in.
    if isGrid {
      for axis in axes { _ = try SweepGrid(axis).populations(root, path: path) }
    }
    var populations: [Population] = []
    var problems: [String] = []
    for p in points.indices {
      var edited = root
      for (a, target) in targets.enumerated() {
        do {
          edited = try PopulationSweep.edit(edited, target: target, value: axes[a].values[points[p][a]])
        } catch {
          throw PopulationSweep.Failure(message: "--sweep \(axes[a].key): \(error.message)")
        }
      }
      do {
        populations.append(try PopulationDecoder.decode(edited, path: path))
      } catch {
        problems += error.diagnostics.map { "--sweep \(label(p)): \($0.message)" }
      }
    }
    if !problems.isEmpty { throw PopulationSweep.Failure(message: problems.joined(separator: "\n")) }
    return populations
  }
}
