import Foundation

/// What `--policy X` (or `policy: X` in an input file) names: a built-in policy, or a `.policy`
/// file (docs/POLICY-FILES.md).
///
/// `X` is a file when it ends in `.policy` or holds a `/`, and a built-in name otherwise, so
/// `reference` is always the built-in policy and `./reference.policy` a file beside it.
package enum PolicySelection: Hashable, Sendable {
  /// A policy compiled into simsub, by its registry name (`PolicyRegistry`).
  case builtIn(name: String)
  /// A policy file, read and checked.
  case file(PolicyFile)

  /// The name reports show: the built-in name, or the file's `name`.
  package var name: String {
    switch self {
    case .builtIn(let name): name
    case .file(let file): file.name
    }
  }

  /// Why `X` names no policy.
  package enum Failure: Error, Sendable, CustomStringConvertible {
    /// Not a built-in name; `file` is a policy file of that name that exists, if any.
    case unknownName(UnknownPolicyError, file: String?)
    /// A path that does not end in `.policy`.
    case notAPolicyFile(String)
    /// The file could not be read, or is not a valid policy file.
    case file(InputFile.Failure)

    /// The message: `path:line:col: error: …` lines for a file's mistakes, one line otherwise.
    package var description: String {
      switch self {
      case .unknownName(let error, let file?):
        return "unknown policy '\(error.name)' — did you mean the policy file '\(file)'?"
      case .unknownName(let error, nil):
        if error.suggestion != nil { return error.description }
        return error.description + ", or a policy file ending in '.\(PolicyFileLoader.fileExtension)'"
      case .notAPolicyFile(let path):
        return
          "\(path): error: a policy file's name ends in '.\(PolicyFileLoader.fileExtension)'; built-in policies are named without a '/'"
      case .file(let failure):
        return failure.rendered
      }
    }
  }

  /// Resolves `argument`: a built-in name, or the path of a policy file, relative to
  /// `directory` when it is not absolute (the directory of the scenario that names it; the
  /// working directory when `nil`).
  package static func resolve(_ argument: String, relativeTo directory: String? = nil) throws(Failure)
    -> PolicySelection
  {
    let suffix = "." + PolicyFileLoader.fileExtension
    guard isPath(argument) else {
      if PolicyRegistry.entry(named: argument) != nil { return .builtIn(name: argument) }
      let candidate = path(argument + suffix, relativeTo: directory)
      let exists = FileManager.default.fileExists(atPath: candidate)
      throw .unknownName(UnknownPolicyError(name: argument), file: exists ? candidate : nil)
    }
    guard argument.hasSuffix(suffix) else { throw .notAPolicyFile(argument) }
    do {
      return .file(try PolicyFileLoader.load(path: path(argument, relativeTo: directory)))
    } catch {
      throw .file(error)
    }
  }

  /// Whether `argument` names a file (it ends in `.policy` or holds a `/`) rather than a
  /// built-in policy.
  package static func isPath(_ argument: String) -> Bool {
    argument.hasSuffix("." + PolicyFileLoader.fileExtension) || argument.contains("/")
  }

  /// `argument` itself when absolute or when there is no directory, else joined to it.
  static func path(_ argument: String, relativeTo directory: String?) -> String {
    guard let directory, !directory.isEmpty, !argument.hasPrefix("/") else { return argument }
    return directory.hasSuffix("/") ? directory + argument : directory + "/" + argument
  }
}
