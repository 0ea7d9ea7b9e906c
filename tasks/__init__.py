"""Luigi tasks (thin): `luigi --module tasks TopicConcepts --keyword ... --local-scheduler`
(several keywords: `TopicBatch --keywords-file FILE`)."""
from . import cli
from .batch import TopicBatch
from .benchmark import CrawlBenchmark, TestBedTopics
from .crawl import Crawl
from .index import BuildIndex
from .prune import PruneRuns
from .seeding import SeedingComparison
from .singletopic import SingleTopicComparison
from .wordnet import WordNetTable
from .topic import (CandidatePhrases, FrequentItemsets, HitCounts, ListItems, NoisyFilter, Scores,
                    SearchResults, TagTreeCheck, TopicConcepts, Transactions, Evidence)

cli.install()

__all__ = ["BuildIndex", "Crawl", "CrawlBenchmark", "TestBedTopics", "SearchResults", "NoisyFilter", "ListItems", "Transactions",
           "FrequentItemsets", "CandidatePhrases", "HitCounts", "Scores", "TagTreeCheck", "Evidence",
           "TopicConcepts", "TopicBatch", "WordNetTable", "SingleTopicComparison", "SeedingComparison", "PruneRuns"]
