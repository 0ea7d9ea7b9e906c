"""A keyword no page is titled with, whose own lists give nothing over the confidence floor,
reads the page its name is linked to as its own (evidence_stage.linked_own_page): a real
Luigi run on a slice of the shared corpus, real pages written by other people.

"azure": no page here is titled so; the paragraphs naming it link "Azure" to Microsoft
Azure, whose sections and links name its services.
"""
from __future__ import annotations

import json

import luigi
import pytest

import tasks  # noqa: F401  (registers the tasks)
from integration_support import WIKI, extract_slice, luigi_config
from scoring.evidence import listed_concepts
from tasks.report import linked_page_note
from tasks.topic import TopicConcepts

# The pages the full collection's "azure" run mines (n(k) = 57 there), Microsoft Azure's among
# them, and those that name its services too.
TITLES = ["Amazon_Elastic_Compute_Cloud", "Apache_Drill", "Apache_Hadoop", "Cloud9_IDE", "Cloud_computing",
          "Comparison_of_source-code-hosting_facilities", "Content_delivery_network", "Cortana",
          "Field-programmable_gate_array", "Google_App_Engine", "IntelliJ_IDEA", "Internet_of_things", "JetBrains",
          "Linux_Foundation", "Linux_adoption", "Linux_distribution", "List_of_operating_systems", "Microsoft",
          "Microsoft_Azure", "Microsoft_Visual_Studio", "Microsoft_Visual_Studio_Express", "Microsoft_Windows",
          "Nucleus_RTOS", "OpenNebula", "R_(programming_language)", "Red_Hat", "Rust_(programming_language)", "SUSE",
          "Skype", "Speech_recognition", "TOP500", "Ubuntu", "Visual_Studio_Code", "Windows_IoT", "Windows_Server",
          "Windows_Subsystem_for_Linux"]


@pytest.fixture(scope="module")
def azure(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("linked")
    # Other pages, as many again and more, so that the keyword is rare and a name found with it tells something.
    corpus = extract_slice(base / "corpus", extra=400, titles=TITLES)
    with luigi_config(BuildIndex={"corpus": str(corpus), "url_prefix": WIKI}):
        run = TopicConcepts(keyword="azure", output_root=str(base / "output"), min_support=2.0)
        assert luigi.build([run], local_scheduler=True, log_level="WARNING")
        with open(run.output()["json"].path) as f:  # the run's folder is named after its index
            return json.load(f)


def test_the_linked_page_is_read_as_the_keywords_own_and_said_so(azure):
    assert azure["keyword_page"] == WIKI + "Microsoft_Azure" and azure["keyword_page_linked"] is True
    assert azure["keyword_page_by"] == "link"
    listed = [c["phrase"] for c in listed_concepts(azure["candidates"])]
    # Its services, named by its sections and links: the full collection's run lists the same five.
    assert listed[:2] == ["Azure Sphere", "Azure DevOps"] and all("azure" in p.lower() for p in listed), listed
    assert linked_page_note(azure).startswith("Page by link: no page is titled with the keyword")
    # The pages linking the name are kept for the reader: where the page came from.
    assert azure["keyword_link_senses"][0]["title"] == "Microsoft Azure"


def test_the_second_weighing_still_reads_the_lists_the_name_is_listed_in(azure):
    # "Azure" is a name: what the mined lists put beside it are its peers (scoring.peers). The
    # list items are read once; the weighing from the linked page asks for them again.
    assert azure["keyword_is_name"]
    beside = {c["phrase"] for c in azure["candidates"] if c["evidence"].get("listed_beside")}
    assert {"GitHub", "Windows Update"} <= beside, beside
