"""The dashboard's model families: `transformers` models from configs and `timm` models with
`pretrained=False`, random weights, nothing downloaded (timm is on the GPU machine only).

Each entry builds a model and its inputs at the dashboard's batch sizes. A model's forward returns one tensor
(logits or the last hidden state); `loss_of` turns it into a training loss.

    from families import FAMILIES
    model, inputs = FAMILIES["tf_efficientnet_b0"].build(device="cuda", dtype=torch.float32)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import torch


@dataclass(frozen=True)
class Family:
    name: str
    source: str  # "timm" or "hf"
    make: Callable[[], torch.nn.Module]
    make_inputs: Callable[[str, torch.dtype], tuple]
    tags: tuple[str, ...] = field(default=())

    def build(self, device: str = "cuda", dtype: torch.dtype = torch.float32, seed: int = 0):
        torch.manual_seed(seed)
        model = self.make().to(device=device, dtype=dtype).eval()
        torch.manual_seed(seed + 1)
        return model, self.make_inputs(device, dtype)


class Logits(torch.nn.Module):
    """A transformers model called with keyword inputs, returning one tensor of its output."""

    def __init__(self, model: torch.nn.Module, key: str, keyword: str):
        super().__init__()
        self.model, self.key, self.keyword = model, key, keyword

    def forward(self, x, *extra):
        kwargs = {self.keyword: x}
        if extra:
            kwargs["decoder_input_ids"] = extra[0]
        return self.model(**kwargs)[self.key]


def _timm(name: str, batch: int, **kwargs) -> Family:
    def make():
        import timm

        return timm.create_model(name, pretrained=False, **kwargs)

    def inputs(device: str, dtype: torch.dtype):
        import timm

        size = timm.create_model(name, pretrained=False).pretrained_cfg.get("input_size", (3, 224, 224))
        return (torch.randn(batch, *size, device=device, dtype=dtype),)

    return Family(name, "timm", make, inputs, ("vision",))


def _hf(name: str, model_cls: str, config_cls: str, batch: int, seq: int, vocab_key="vocab_size",
        key="logits", seq2seq=False, **config) -> Family:
    def make():
        import transformers

        cfg = getattr(transformers, config_cls)(**config)
        return Logits(getattr(transformers, model_cls)(cfg), key, "input_ids")

    def inputs(device: str, dtype: torch.dtype):
        import transformers

        vocab = getattr(getattr(transformers, config_cls)(**config), vocab_key)
        ids = torch.randint(0, vocab, (batch, seq), device=device)
        if seq2seq:
            return ids, torch.randint(0, vocab, (batch, seq // 4), device=device)
        return (ids,)

    return Family(name, "hf", make, inputs, ("text",))


def _whisper(batch: int) -> Family:
    config = dict(d_model=512, encoder_layers=6, encoder_attention_heads=8, encoder_ffn_dim=2048,
                  decoder_layers=6, decoder_attention_heads=8, decoder_ffn_dim=2048, num_mel_bins=80)

    def make():
        import transformers

        return Logits(transformers.WhisperForConditionalGeneration(transformers.WhisperConfig(**config)),
                      "logits", "input_features")

    def inputs(device: str, dtype: torch.dtype):
        feats = torch.randn(batch, 80, 3000, device=device, dtype=dtype)
        return feats, torch.randint(0, 51865, (batch, 64), device=device)

    return Family("whisper_base", "hf", make, inputs, ("audio",))


# decoders of several billion parameters at their default configs: fewer layers, the real widths
FEW_LAYERS = dict(num_hidden_layers=4)

FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        # -- timm (vision): the families the dashboard's timm list covers --
        _timm("tf_efficientnet_b0", 128),
        _timm("mobilenetv3_large_100", 128),
        _timm("inception_v3", 64),
        _timm("regnety_016", 64),
        _timm("ghostnet_100", 128),
        _timm("convnextv2_nano", 64),
        _timm("dm_nfnet_f0", 32),
        _timm("swin_base_patch4_window7_224", 32),
        _timm("beit_base_patch16_224", 32),
        _timm("deit_tiny_patch16_224", 128),
        _timm("mobilevit_s", 64),
        _timm("densenet121", 64),
        _timm("repvgg_a2", 64),
        _timm("visformer_small", 64),
        _timm("resnet50", 64),
        _timm("mixnet_m", 64),
        # -- transformers (text, speech) --
        _hf("albert", "AlbertForMaskedLM", "AlbertConfig", 8, 512, hidden_size=768, num_attention_heads=12,
        intermediate_size=3072),
        _hf("bart", "BartForConditionalGeneration", "BartConfig", 8, 512, seq2seq=True),
        _hf("convbert", "ConvBertForMaskedLM", "ConvBertConfig", 8, 512),
        _hf("deberta_v2", "DebertaV2ForMaskedLM", "DebertaV2Config", 8, 512, hidden_size=768,
            num_hidden_layers=12, num_attention_heads=12, intermediate_size=3072, vocab_size=128100),
        _hf("distilbert", "DistilBertForMaskedLM", "DistilBertConfig", 16, 512),
        _hf("electra", "ElectraForMaskedLM", "ElectraConfig", 16, 512),
        _hf("gpt_neo", "GPTNeoForCausalLM", "GPTNeoConfig", 8, 512, hidden_size=768, num_layers=12,
            num_heads=12, attention_types=[[["global", "local"], 6]]),
        _hf("gemma2", "Gemma2ForCausalLM", "Gemma2Config", 4, 512, **FEW_LAYERS),
        _hf("mistral", "MistralForCausalLM", "MistralConfig", 4, 512, **FEW_LAYERS),
        _hf("mobilebert", "MobileBertForMaskedLM", "MobileBertConfig", 16, 512),
        _hf("opt", "OPTForCausalLM", "OPTConfig", 8, 512),
        _hf("qwen3", "Qwen3ForCausalLM", "Qwen3Config", 4, 512, **FEW_LAYERS),
        _hf("t5", "T5ForConditionalGeneration", "T5Config", 8, 512, seq2seq=True, d_model=768, d_kv=64,
            d_ff=3072, num_layers=12, num_heads=12, decoder_start_token_id=0),
        _whisper(8),
        _hf("gpt2", "GPT2LMHeadModel", "GPT2Config", 8, 512),
        _hf("bert", "BertForMaskedLM", "BertConfig", 16, 512),
        _hf("llama", "LlamaForCausalLM", "LlamaConfig", 4, 512, hidden_size=2048, intermediate_size=5632,
            num_hidden_layers=6, num_attention_heads=32, num_key_value_heads=4, vocab_size=32000),
    ]
}


def loss_of(out: torch.Tensor) -> torch.Tensor:
    """A training loss of any model's output: cross entropy of its last dimension against fixed labels (the
    labels are a function of the shape, so every backend sees the same)."""
    logits = out.flatten(0, -2).float()
    labels = torch.arange(logits.shape[0], device=logits.device) % logits.shape[-1]
    return torch.nn.functional.cross_entropy(logits, labels)
