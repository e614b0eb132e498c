import Testing

@testable import SimSub

/// The benchmark's figure is of real round trips: every request answered over one connection.
@Suite("HTTP: benchmark")
struct HTTPBenchmarkTests {
  @Test func measuresRoundTripsOverOneConnection() throws {
    let figures = try HTTPBenchmark.measure(requests: 200, repetitions: 2)
    #expect(figures.requests == 200 && figures.connections == 1)
    #expect(figures.answerBytes == HTTPBenchmark.answer.count && figures.requestBytes > 100)
    #expect(figures.seconds > 0 && figures.requestsPerSecond == 200 / figures.seconds)
  }
}
