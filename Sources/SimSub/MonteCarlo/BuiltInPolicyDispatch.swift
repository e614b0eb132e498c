/// Opens a policy type for generic code with the concrete type spelled out for each built-in
/// policy, so the compiler specialises the whole Monte Carlo loop (engine, store models, policy)
/// for it.
///
/// `PolicyRegistry.open` passes an opened existential: correct, but the generic code then runs
/// unspecialised, looking up type metadata on every call, which made the Monte Carlo loop
/// several times slower. A policy that is not built in (an app's own, through the library)
/// still runs, through that general path.
enum BuiltInPolicyDispatch {
  static func open<Visitor: PolicyVisitor>(
    _ type: any EntitlementPolicy.Type, with visitor: Visitor
  ) -> Visitor.Result {
    switch type {
    case is ReferencePolicy.Type: visitor.visit(ReferencePolicy.self)
    case is ActiveOnlyPolicy.Type: visitor.visit(ActiveOnlyPolicy.self)
    case is UnknownIsActivePolicy.Type: visitor.visit(UnknownIsActivePolicy.self)
    case is ArrivalOrderPolicy.Type: visitor.visit(ArrivalOrderPolicy.self)
    case is ExternalPolicy<PolicyUnderTestSlot>.Type: visitor.visit(ExternalPolicy<PolicyUnderTestSlot>.self)
    case is ExternalPolicy<ComparedPolicySlot>.Type: visitor.visit(ExternalPolicy<ComparedPolicySlot>.self)
    default: PolicyRegistry.open(type, with: visitor)
    }
  }
}
